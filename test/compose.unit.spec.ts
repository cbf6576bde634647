import { readFileSync } from 'fs';
import { join } from 'path';

const read = (file: string) => readFileSync(join(__dirname, '..', file), 'utf8');
const COMPOSE_FILES = ['docker-compose.yml', 'docker-compose.postgres.yml'];
const SECRETS = ['MATCHLOG_ORGANIZER_KEY', 'POSTGRES_PASSWORD'];

/** A top-level service's lines (two-space indented name, up to the next one), as the files are written. */
const serviceBlock = (text: string, name: string): string => {
  const services = text.slice(text.indexOf('\nservices:\n'));
  const start = services.indexOf(`\n  ${name}:\n`);
  if (start < 0) return '';
  const next = services.slice(start + 1).search(/\n {2}[a-z][\w-]*:\n|\n[a-z]/);
  return services.slice(start, next < 0 ? undefined : start + 1 + next);
};

describe.each(COMPOSE_FILES)('%s: the cluster shape, with no default secret', (file) => {
  const text = read(file);
  const interpolations = [...text.matchAll(/\$\{([^}]*)\}/g)].map((m) => m[1]);

  it('interpolates only required variables: compose refuses to start while one is unset or empty, and none has a default', () => {
    expect(interpolations.length).toBeGreaterThan(0);
    for (const expression of interpolations) expect(expression).toMatch(/^[A-Z_]+:\?\S/);
  });

  it('gives every secret only from the environment, never as a value written in the file', () => {
    for (const secret of SECRETS) {
      for (const [, value] of text.matchAll(new RegExp(`${secret}: (.*)`, 'g'))) expect(value).toMatch(new RegExp(`^\\$\\{${secret}:\\?`));
    }
  });

  it('runs two api instances from the one x-api definition, so both have the same organizer key, signing key and stores', () => {
    const shared = text.slice(text.indexOf('x-api: &api'), text.indexOf('\nservices:\n'));
    expect(shared).toContain('MATCHLOG_ORGANIZER_KEY: ${MATCHLOG_ORGANIZER_KEY:?');
    expect(shared).toContain('MATCHLOG_SIGNING_KEY_FILE: /run/secrets/matchlog-signing-key.pem');
    expect(shared).toMatch(/source: \$\{MATCHLOG_SIGNING_KEY_HOST_FILE:\?/);
    for (const api of ['api-1', 'api-2']) {
      const block = serviceBlock(text, api);
      expect(block).toContain('<<: *api');
      // nothing of its own that could give one instance other keys or another store
      expect(block).not.toMatch(/environment:|volumes:|env_file:|MATCHLOG_/);
    }
  });

  it('.env.example names every variable the file needs, each with an empty value', () => {
    const example = read('.env.example');
    for (const name of new Set(interpolations.map((e) => e.split(':')[0]))) expect(example).toMatch(new RegExp(`^${name}=$`, 'm'));
  });
});

import { readdirSync, readFileSync, statSync } from 'fs';
import { join } from 'path';

const libs = join(__dirname, '..', '..');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : name.endsWith('.ts') ? [join(dir, name)] : []));

/** The application layer, its read model and the token aggregate: no framework or transport, and time and randomness only through the ports (libs/matches/src/ports.ts). */
const forbidden: [RegExp, string][] = [
  [/from '@nestjs\//, 'Nest'],
  [/from '(fastify|http|https|net)'/, 'a transport'],
  [/\bDate\.now\(|new Date\(\)/, 'the system time (use TimeSource)'],
  [/Math\.random\(|randomUUID|randomBytes|getRandomValues/, 'randomness (use Entropy)'],
  [/\bprocess\./, 'the environment (the apps read the configuration)'],
  [/from '\.\.\/\.\.\/\.\.\/\.\.\/apps|from '.*apps\//, 'an application'],
];

describe.each([
  ['matches', 15],
  ['catalog', 10],
  ['tokens', 2],
])('libs/%s: no framework or transport, time and randomness only through the ports', (lib, least) => {
  const sources = files(join(libs, lib, 'src'));

  it('has sources to check', () => expect(sources.length).toBeGreaterThan(least));

  it.each(forbidden)('no file uses %s (%s)', (pattern) => {
    const offenders = sources.filter((file) => pattern.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});

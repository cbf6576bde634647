import { readdirSync, readFileSync, statSync } from 'fs';
import { join } from 'path';

const root = join(__dirname, '..', 'src');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : name.endsWith('.ts') ? [join(dir, name)] : []));

/** The application layer: no framework or transport, and time and randomness only through its ports (ports.ts). */
const forbidden: [RegExp, string][] = [
  [/from '@nestjs\//, 'Nest'],
  [/from '(fastify|http|https|net)'/, 'a transport'],
  [/\bDate\.now\(|new Date\(\)/, 'the clock (use Clock)'],
  [/Math\.random\(|randomUUID|randomBytes|getRandomValues/, 'randomness (use Entropy)'],
  [/\bprocess\./, 'the environment (the apps read the configuration)'],
  [/from '\.\.\/\.\.\/\.\.\/\.\.\/apps|from '.*apps\//, 'an application'],
];

describe('libs/matches is the application, not its transport', () => {
  const sources = files(root);

  it('has sources to check', () => expect(sources.length).toBeGreaterThan(15));

  it.each(forbidden)('no file uses %s (%s)', (pattern) => {
    const offenders = sources.filter((file) => pattern.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});

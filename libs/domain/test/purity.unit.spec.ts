import { readdirSync, readFileSync, statSync } from 'fs';
import { join } from 'path';

const root = join(__dirname, '..', 'src');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : name.endsWith('.ts') ? [join(dir, name)] : []));

/** The domain is pure: no framework, no storage, no system time, no randomness, no environment. */
const forbidden: [RegExp, string][] = [
  [/from '@nestjs\//, 'Nest'],
  [/from '(better-sqlite3|@eventstore\/db-client|kysely|pg)'/, 'a database'],
  [/from '(fs|path|http|net|crypto|child_process)'/, 'Node I/O'],
  [/\bDate\.now\(|new Date\(/, 'the system time'],
  [/Math\.random\(/, 'randomness'],
  [/\bprocess\./, 'the environment'],
];

describe('libs/domain is pure', () => {
  const sources = files(root);

  it('has sources to check', () => expect(sources.length).toBeGreaterThan(20));

  it.each(forbidden)('no file uses %s (%s)', (pattern) => {
    const offenders = sources.filter((file) => pattern.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});

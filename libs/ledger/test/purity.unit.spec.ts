import { readFileSync, readdirSync } from 'fs';
import { join } from 'path';

const root = join(__dirname, '..', 'src');
const sources = readdirSync(root)
  .filter((name) => name.endsWith('.ts'))
  .map((name) => join(root, name));

/** libs/ledger is pure like libs/domain: node:crypto for SHA-256 and Ed25519 only; no framework, storage, clock or randomness. */
const forbidden: [RegExp, string][] = [
  [/from '@nestjs\//, 'Nest'],
  [/from '(better-sqlite3|@eventstore\/db-client|kysely|pg)'/, 'a database'],
  [/from '(node:)?(fs|path|http|https|net|child_process|os)'/, 'Node I/O'],
  [/from '@matchlog\//, 'another library'],
  [/\bDate\.now\(|new Date\(/, 'the system time'],
  [/Math\.random\(|randomBytes|randomUUID|generateKeyPair|getRandomValues/, 'randomness'],
  [/\bprocess\./, 'the environment'],
];

describe('libs/ledger is pure', () => {
  it('has sources to check', () => expect(sources.length).toBeGreaterThan(15));

  it.each(forbidden)('no file uses %s (%s)', (pattern) => expect(sources.filter((file) => pattern.test(readFileSync(file, 'utf8')))).toEqual([]));
});

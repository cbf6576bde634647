import { parseSignerKey } from '@matchlog/ledger';
import { TestLog } from '@matchlog/testkit';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { ConfigError } from '../src/config/config-error';
import { witnessConfigOf } from '../src/config/witness-config';

describe('MATCHLOG_WITNESS_* (the witness is off by default)', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'matchlog-witness-config-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is off without MATCHLOG_WITNESS_LOGS, even with a key', () => expect(witnessConfigOf({ MATCHLOG_WITNESS_KEY: join(dir, 'k') }, dir, 'localhost')).toBeUndefined());

  it('generates a key into the data directory once, and reads it back', () => {
    writeFileSync(join(dir, 'logs'), `${TestLog.of(0).vkey}\n`);
    const first = witnessConfigOf({ MATCHLOG_WITNESS_LOGS: join(dir, 'logs') }, dir, 'venue.example');
    expect(first).toMatchObject({ keyFile: join(dir, 'witness.key'), logs: [TestLog.of(0).vkey], stateDir: join(dir, 'witness') });
    expect(parseSignerKey(readFileSync(join(dir, 'witness.key'), 'utf8').trim()).name).toBe('venue.example/witness');
    expect(witnessConfigOf({ MATCHLOG_WITNESS_LOGS: join(dir, 'logs') }, dir, 'venue.example')?.key).toBe(first?.key);
  });

  it('refuses a logs file that is not vkeys, and a named key file that is missing', () => {
    writeFileSync(join(dir, 'logs'), 'not a key\n');
    expect(() => witnessConfigOf({ MATCHLOG_WITNESS_LOGS: join(dir, 'logs') }, dir, 'localhost')).toThrow(ConfigError);
    writeFileSync(join(dir, 'logs'), `${TestLog.of(0).vkey}\n`);
    expect(() => witnessConfigOf({ MATCHLOG_WITNESS_LOGS: join(dir, 'logs'), MATCHLOG_WITNESS_KEY: join(dir, 'missing') }, dir, 'localhost')).toThrow(ConfigError);
  });
});

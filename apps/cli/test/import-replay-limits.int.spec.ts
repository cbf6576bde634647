import { handLengthReplay, revealLengthReplay, tcgOnlineSamples } from '@matchlog/testkit';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { matchlogFromSource as matchlog } from './run-source-cli';

/** Issue 37, findings 1 and 2, offline: the crafted replays that aborted `matchlog import-replay` are refused, and the folder goes on. */
describe('npx matchlog import-replay, offline, with replays past the conversion limits', () => {
  const small = tcgOnlineSamples().find((sample) => sample.name.startsWith('07-'))!;
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-limits-'));
    writeFileSync(join(dir, 'a-hand.json'), handLengthReplay(small.json, 'cli-hand'));
    writeFileSync(join(dir, 'b-reveal.json'), revealLengthReplay(small.json, 'cli-reveal'));
    writeFileSync(join(dir, 'c-honest.json'), small.json);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reports each refused with REPLAY_TIME_LIMIT, converts the honest one, and exits 1 (it aborted out of heap)', async () => {
    // the honest sample converts in well under a second alone; 5 s leaves room for two test files at once on two cores
    const run = await matchlog(['import-replay', dir], { MATCHLOG_IMPORT_TIME_LIMIT_MS: '5000' });
    expect(run.stderr).not.toMatch(/heap out of memory|FATAL ERROR/);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/a-hand\.json +refused +REPLAY_TIME_LIMIT: .*MATCHLOG_IMPORT_TIME_LIMIT_MS/);
    expect(run.stdout).toMatch(/b-reveal\.json +refused +REPLAY_TIME_LIMIT: /);
    expect(run.stdout).toContain('1 converted, 2 refused');
    expect(existsSync(join(dir, 'c-honest.jsonl'))).toBe(true);
    expect(existsSync(join(dir, 'a-hand.jsonl'))).toBe(false);
  }, 120_000);

  it('a limit it can not use is a usage error, exit 2', async () => {
    const run = await matchlog(['import-replay', dir], { MATCHLOG_IMPORT_MEMORY_LIMIT: 'lots' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('MATCHLOG_IMPORT_MEMORY_LIMIT must be a size');
  });
});

import { parseJsonLines } from '@matchlog/audit';
import { sharedReplaysFolder } from '@matchlog/testkit';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { matchlogFromSource as matchlog } from './run-source-cli';

/** Issue 37, findings 4 and 7, offline: one file never aborts the folder, and two replays never share an output. */
describe('npx matchlog import-replay, offline, with files that collide or are malformed', () => {
  const shared = sharedReplaysFolder();
  const named = (start: string, end: string) => readdirSync(shared).find((name) => name.startsWith(start) && name.endsWith(end))!;
  const json07 = named('07-', '.replay.json');
  const zip05 = named('05-', '.zip');
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-hostile-'));
    // x.json and x.zip: two games whose outputs would both be x.jsonl
    copyFileSync(join(shared, json07), join(dir, 'game.json'));
    copyFileSync(join(shared, zip05), join(dir, 'game.zip'));
    const noSeed = JSON.parse(readFileSync(join(shared, json07), 'utf8'));
    delete noSeed.seed;
    writeFileSync(join(dir, 'a-no-seed.json'), JSON.stringify(noSeed));
    noSeed.seed = null;
    writeFileSync(join(dir, 'b-null-seed.json'), JSON.stringify(noSeed));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const seriesOf = (file: string) => {
    const log = parseJsonLines(readFileSync(file, 'utf8'));
    if ('error' in log) throw new Error(log.error.message);
    return (log.events[0].data as { tournament: { event: string } }).tournament.event;
  };
  const seriesIn = (replayFile: string) => `tcg.online match ${JSON.parse(readFileSync(join(shared, replayFile), 'utf8')).matchId}`;

  it('reports the seedless files refused (no stack trace), converts the others, each to its own file, and exits 1', async () => {
    const run = await matchlog(['import-replay', dir]);
    expect(run.code).toBe(1);
    expect(run.stderr).not.toMatch(/TypeError|at .*\.ts:\d+/);
    expect(run.stdout).toMatch(/a-no-seed\.json +refused +REPLAY_MALFORMED: replay\.json's seed must be a string/);
    expect(run.stdout).toMatch(/b-null-seed\.json +refused +REPLAY_MALFORMED: .*seed/);
    expect(run.stdout).toContain('2 converted, 2 refused');
    expect(existsSync(join(dir, 'game.jsonl'))).toBe(false);
    expect(seriesOf(join(dir, 'game.json.jsonl'))).toBe(seriesIn(json07));
    expect(seriesOf(join(dir, 'game.zip.jsonl'))).toBe(seriesIn(zip05.replace(/__replay-.*$/, '.replay.json')));
  });

  it('a lone replay keeps the short name: game.zip alone is written to game.jsonl; every file converted exits 0', async () => {
    const alone = mkdtempSync(join(tmpdir(), 'matchlog-alone-'));
    try {
      copyFileSync(join(shared, zip05), join(alone, 'game.zip'));
      const run = await matchlog(['import-replay', alone]);
      expect([run.code, run.stderr]).toEqual([0, '']);
      expect(seriesOf(join(alone, 'game.jsonl'))).toBe(seriesIn(zip05.replace(/__replay-.*$/, '.replay.json')));
    } finally {
      rmSync(alone, { recursive: true, force: true });
    }
  });

  it('usage errors exit 2', async () => {
    expect((await matchlog(['import-replay'])).code).toBe(2);
    expect((await matchlog(['import-replay', join(dir, 'nowhere')])).code).toBe(2);
  });
});

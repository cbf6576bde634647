import { TCG_ONLINE_SAMPLES, tcgOnlineSamples } from '@matchlog/testkit';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { listening } from '../../api/test/support/sse-client';
import { ORGANIZER, TestApp, startTestApp } from '../../api/test/support/test-app';
import { matchlogFromSource as matchlog } from './run-source-cli';

/** `npx matchlog import-replay <folder> --server URL`: every replay of a folder POSTed to a running server, twice. */
describe('npx matchlog import-replay --server', () => {
  const samples = tcgOnlineSamples();
  let t: TestApp;
  let base: string;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp();
    base = await listening(t.app);
    dir = mkdtempSync(join(tmpdir(), 'matchlog-import-e2e-'));
    for (const sample of samples.slice(1)) copyFileSync(join(TCG_ONLINE_SAMPLES, sample.name), join(dir, sample.name));
    // one as the replay.json itself, sent as application/json
    writeFileSync(join(dir, '01-replay.json'), samples[0].json);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const matchIds = samples.map((sample) => `tcg-online-${JSON.parse(sample.json).gameId}`);

  it('imports a folder: all imported; again: all already there, naming their matches; the key never printed', async () => {
    const first = await matchlog(['import-replay', dir, '--server', base], { MATCHLOG_ORGANIZER_KEY: ORGANIZER });
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toContain('4 imported, 0 already there, 0 refused');
    for (const matchId of matchIds) expect(first.stdout).toMatch(new RegExp(`imported +${matchId} \\(revision \\d+\\)`));
    expect(first.stdout).toMatch(/ {2}p2: deck@p1 in order, deck@p2 in order, hand@p1, .*the seed that predicts every shuffle/);
    for (const matchId of matchIds) await t.http().get(`/matches/${matchId}`).set(t.organizer).expect(200);

    const second = await matchlog(['import-replay', dir, '--server', base, '--key', ORGANIZER]);
    expect(second).toMatchObject({ code: 0, stderr: '' });
    expect(second.stdout).toContain('0 imported, 4 already there, 0 refused');
    for (const matchId of matchIds) expect(second.stdout).toMatch(new RegExp(`already there +${matchId}\\n`));
    for (const run of [first, second]) expect(run.stdout + run.stderr).not.toContain(ORGANIZER);
  });

  it('--json: each result with what its file exposes per audience', async () => {
    const run = await matchlog(['import-replay', join(dir, samples[1].name), '--server', base, '--json'], { MATCHLOG_ORGANIZER_KEY: ORGANIZER });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ results: [{ file: join(dir, samples[1].name), kind: 'already there', matchId: matchIds[1] }] });
  });

  it('a refused replay is in the table with its code and why, and the exit is 1; a wrong key stops at once', async () => {
    const bad = mkdtempSync(join(tmpdir(), 'matchlog-import-bad-'));
    try {
      const replay = JSON.parse(samples[3].json);
      writeFileSync(join(bad, 'truncated.json'), JSON.stringify({ ...replay, gameId: 'cut-short', steps: replay.steps.filter((_: unknown, i: number) => i !== 3) }));
      const run = await matchlog(['import-replay', bad, '--server', base], { MATCHLOG_ORGANIZER_KEY: ORGANIZER });
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/truncated\.json +refused +REPLAY_PATCH_FAILED: .*step 3/);
      expect(run.stdout).toContain('0 imported, 0 already there, 1 refused');
      const wrongKey = await matchlog(['import-replay', bad, '--server', base, '--key', 'not-the-key']);
      expect(wrongKey).toMatchObject({ code: 1, stderr: expect.stringContaining('stopped after 0 of 1: the server refused the key (401') });
      expect(wrongKey.stdout + wrongKey.stderr).not.toContain('not-the-key');
    } finally {
      rmSync(bad, { recursive: true, force: true });
    }
  });
});

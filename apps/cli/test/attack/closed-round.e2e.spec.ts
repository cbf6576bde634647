import { formatRoundEntry, parseLogEntry, parseRoundEntry } from '@matchlog/ledger';
import { slipHash } from '@matchlog/matches';
import { TestLog } from '@matchlog/testkit';
import { createHash } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { lorcanaMatch } from '../../../api/test/support/fixtures';
import { listening } from '../../../api/test/support/sse-client';
import { TestApp } from '../../../api/test/support/test-app';
import { matchlogFromSource as matchlog } from '../run-source-cli';
import { Adversary } from './adversary';
import { RunningWitness, addCheckpoint, checkpointAt, collect, filesIn, policy, rootOf, startServer, startWitness } from './scene';

const EVENT = 'Lyon Regional';

/**
 * Attack 4: rewriting a closed round. Round 1 (table 1: Ada 2-0, table 2: Grace 2-0) was closed with
 * POST /rounds/close: its round-closed entry (the slip's hash and the heads of the four games it counts) is entry 4
 * of the log, cosigned and seen by a monitor. The adversary then rewrites that entry in place, closes the round again
 * with a slip counting a game at another head, and closes it again with another slip over the same games.
 */
describe('attack: rewriting a closed round', () => {
  let t: TestApp;
  let witness: RunningWitness;
  let adversary: Adversary;
  let dir: string;
  let file: ReturnType<typeof filesIn>;
  let server: string;
  let honest: TestLog;
  let closed: ReturnType<typeof parseRoundEntry>;
  const otherSlip = createHash('sha256').update('a slip where table 2 went the other way').digest('hex');
  const monitor = () => matchlog(['monitor', '--log', `${server}/log/`, '--policy', join(dir, 'policy-log'), '--state', join(dir, 'monitor')]);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-attack-round-'));
    file = filesIn(dir);
    t = await startServer();
    server = await listening(t.app);
    for (const [id, table, game, winner] of [
      ['c-1', 1, 1, 'p1'],
      ['c-2', 1, 2, 'p1'],
      ['c-3', 2, 1, 'p2'],
      ['c-4', 2, 2, 'p2'],
    ] as const) {
      await t
        .http()
        .post('/matches')
        .set(t.organizer)
        .send({ ...lorcanaMatch(id), tournament: { event: EVENT, round: 1, table, game, bestOf: 3 } })
        .expect(201);
      await t
        .http()
        .post(`/matches/${id}/events`)
        .set(t.organizer)
        .send({ expectedRevision: 1, events: [{ type: 'MatchEnded', data: { winner, reason: 'lore' } }] })
        .expect(201);
    }
    await checkpointAt(t, 4);
    const answer = await t.http().post('/rounds/close').set(t.organizer).send({ event: EVENT, round: 1 }).expect(201);
    await checkpointAt(t, 5);
    closed = parseRoundEntry(answer.body.entry);
    const spectatorSlip = (await t.http().get('/rounds/results').query({ event: EVENT, round: 1 }).expect(200)).body;
    expect(closed).toMatchObject({ kind: 'round-closed', event: EVENT, round: 1, slip: slipHash(spectatorSlip) });
    expect(closed.counts.map((c) => c.matchId)).toEqual(['c-1', 'c-2', 'c-3', 'c-4']);

    const logKey = (await t.http().get('/log/key').expect(200)).text.trim();
    witness = await startWitness(join(dir, 'w1'), 'w1', [logKey]);
    file('policy-log', policy(logKey, [], 'none'));
    await collect(t, witness);
    expect(await monitor()).toMatchObject({ code: 0, stdout: expect.stringContaining('5 new entries checked') });
    adversary = await Adversary.takeOver(t);
    honest = await adversary.copyOfLog();
    expect(parseLogEntry(honest.entries[4])).toEqual(closed);
  }, 120_000);
  afterAll(async () => {
    await witness?.stop();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('rewritten in place (another slip, the same size, re-signed): the witness refuses the fork, the monitor alarms', async () => {
    const forged = adversary.logOf([...honest.entries.slice(0, 4), formatRoundEntry({ ...closed, slip: otherSlip })]);
    await adversary.serve(forged);
    expect(await addCheckpoint(witness.url, forged.addCheckpointBody(5, 5, []))).toMatchObject({
      status: 409,
      text: expect.stringContaining('WITNESS_FORK: a fork: the checkpoint of size 5'),
    });
    expect(await monitor()).toMatchObject({
      code: 1,
      stdout: expect.stringContaining(`ALARM: a fork: size 5 with root ${rootOf(forged.checkpoint())}, seen before with root ${rootOf(honest.checkpoint())}`),
    });
  }, 60_000);

  it('closed again counting a game at another head (the log only grew): the witness cosigns, the monitor alarms', async () => {
    const counts = closed.counts.map((count) => (count.matchId === 'c-3' ? { ...count, head: 'f'.repeat(64) } : count));
    const log = adversary.logOf([...honest.entries, formatRoundEntry({ ...closed, slip: otherSlip, counts })]);
    await adversary.serve(log);
    expect((await addCheckpoint(witness.url, log.addCheckpointBody(5, 6))).status).toBe(200);
    const c3 = closed.counts.find((count) => count.matchId === 'c-3')!;
    expect(await monitor()).toMatchObject({
      code: 1,
      stdout: expect.stringContaining(
        `ALARM: entry 5: round 1 of "${EVENT}" counts match c-3 at revision ${c3.revision} with head ${'f'.repeat(64)}, but its end is logged at revision ${c3.revision} with head ${c3.head}`,
      ),
    });
  }, 60_000);

  it("closed again with another slip over the same games: the monitor shows it (a notice, not an alarm), and the spectator's slip does not hash to it", async () => {
    const log = adversary.logOf([...honest.entries, formatRoundEntry({ ...closed, slip: otherSlip })]);
    await adversary.serve(log);
    const seen = await monitor();
    expect(seen).toMatchObject({
      code: 0,
      stdout: expect.stringContaining(`notice: entry 5: round 1 of "${EVENT}" was closed again with another slip: ${otherSlip}, after ${closed.slip}`),
    });
    expect(slipHash((await t.http().get('/rounds/results').query({ event: EVENT, round: 1 }).expect(200)).body)).toBe(closed.slip);
  }, 60_000);
});

import { MatchEvent } from '@matchlog/domain';
import { TimeSource } from '../src/time-source';
import { openParts } from '../src/open-parts';
import { CARD_IDS, lorcanaMatch } from './support/fixtures';
import { signedLog } from './support/signed-log';
import { TestApp, startTestApp } from './support/test-app';

/** The server's time, under the test's control: it stamps recordedAt. */
const time = {
  at: Date.parse('2026-11-23T12:00:00.000Z'),
  now() {
    return this.at;
  },
} satisfies TimeSource & { at: number };
const iso = (ms: number) => new Date(ms).toISOString();

const turn = (n: number) => ({ type: 'TurnStarted', data: { player: n % 2 ? 'p1' : 'p2', turn: n } });
const lore = (player: string, to: number) => ({ type: 'CounterChanged', data: { counter: 'lore', player, to } });

describe('GET /matches/:id/clock', () => {
  let t: TestApp;
  let tokens: { judge: string; players: Record<string, string> };
  const T0 = time.at;

  beforeAll(async () => {
    t = await startTestApp({ slowTurnSeconds: 120 }, (config) => openParts(config, { time }));
    tokens = (await t.http().post('/matches').set(t.organizer).send(lorcanaMatch('clk')).expect(201)).body.tokens;
    let revision = 1;
    /** appends one batch `seconds` after the last, as the server's time says */
    const after = async (seconds: number, events: object[]) => {
      time.at += seconds * 1000;
      await t.http().post('/matches/clk/events').set(t.organizer).send({ expectedRevision: revision, events }).expect(201);
      revision += events.length;
    };
    await after(10, [turn(1)]); // rev 2 @10
    await after(50, [lore('p1', 2)]); // rev 3 @60
    await after(30, [turn(2)]); // rev 4 @90: turn 1 took 80 s
    await after(200, [{ type: 'TimeExtended', data: { seconds: 180, reason: 'a long ruling' } }]); // rev 5 @290
    await after(10, [{ type: 'TimeCalled', data: {} }]); // rev 6 @300, during turn 2
    for (let n = 3; n <= 8; n++) await after(20, [turn(n)]); // revs 7..12 @320..420: turn 2 took 230 s
    await after(5, [lore('p1', 20), { type: 'MatchEnded', data: { winner: 'p1', reason: '20 lore' } }]); // revs 13, 14 @425
  });
  afterAll(() => t.close());

  it("for the judge: the turns, players, gaps, time called and extensions from the server's times", async () => {
    const { body } = await t.http().get('/matches/clk/clock').set(t.bearer(tokens.judge)).expect(200);
    expect(body.matchId).toBe('clk');
    expect(body.times).toBe('recorded');
    expect(body.turns).toHaveLength(8);
    expect(body.turns[0]).toEqual({ turn: 1, player: 'p1', start: iso(T0 + 10_000), end: iso(T0 + 90_000), seconds: 80, afterTime: false });
    expect(body.turns[1]).toEqual({ turn: 2, player: 'p2', start: iso(T0 + 90_000), end: iso(T0 + 320_000), seconds: 230, afterTime: false });
    expect(body.turns[7]).toEqual({ turn: 8, player: 'p2', start: iso(T0 + 420_000), end: iso(T0 + 425_000), seconds: 5, afterTime: true });
    expect(body.players).toEqual([
      { player: 'p1', seconds: 80 + 20 * 3, turns: 4, longestTurn: 80 },
      { player: 'p2', seconds: 230 + 20 * 2 + 5, turns: 4, longestTurn: 230 },
    ]);
    expect(body.gaps[0]).toEqual({ revision: 5, at: iso(T0 + 290_000), seconds: 200, player: 'p2' });
    expect(body.gaps.map((g: { seconds: number }) => g.seconds)).toEqual([200, 50, 30, 20, 20]);
    expect(body.timeCalled).toEqual({ revision: 6, at: iso(T0 + 300_000), turn: 2 });
    expect(body.extensions).toEqual([{ revision: 5, at: iso(T0 + 290_000), seconds: 180, reason: 'a long ruling' }]);
    expect(body.afterTime).toEqual({ turnsPlayed: 6, turnsAllowed: 5, minutesAllowed: null, secondsSinceCalled: 125 });
    expect(body.slowTurnSeconds).toBe(120);
    expect(body.slowTurns).toEqual([{ turn: 2, player: 'p2', seconds: 230 }]);
  });

  it('carries no card id or definition', async () => {
    const { text } = await t.http().get('/matches/clk/clock').set(t.organizer).expect(200);
    const definitions = lorcanaMatch().cards.map((card) => card.definition);
    for (const secret of [...CARD_IDS, ...definitions]) expect(text).not.toContain(secret);
  });

  it('the audit has the time findings: the 6th turn after time, and the slow turn at the threshold set', async () => {
    const { body } = await t.http().get('/matches/clk/audit').set(t.organizer).expect(200);
    const timeFindings = body.findings.filter((f: { code: string }) =>
      ['TURNS_AFTER_TIME_EXCEEDED', 'SLOW_TURN', 'PLAYED_AFTER_WIN', 'RESULT_DISAGREES_WITH_COUNTERS'].includes(f.code),
    );
    expect(timeFindings.map((f: { code: string; revision: number }) => `${f.code}@${f.revision}`)).toEqual(['SLOW_TURN@4', 'TURNS_AFTER_TIME_EXCEEDED@12']);
  });

  it('judge token or organizer key: 401 without a token, 403 for a player, 404 for an unknown match', async () => {
    await t.http().get('/matches/clk/clock').expect(401);
    await t.http().get('/matches/clk/clock').set(t.bearer(tokens.players.p1)).expect(403);
    await t.http().get('/matches/clk/clock').set(t.organizer).expect(200);
    await t.http().get('/matches/no-such-match/clock').set(t.organizer).expect(404);
  });

  it('an imported match keeps the times of its log, and says so', async () => {
    const at = (second: number) => ({ recordedBy: 'organizer', recordedAt: iso(Date.parse('2026-11-20T09:00:00.000Z') + second * 1000) });
    const events = [
      { id: 'clk-imp-1', type: 'MatchCreated', data: lorcanaMatch(), meta: at(0) },
      { id: 'clk-imp-2', type: 'TurnStarted', data: { player: 'p1', turn: 1 }, meta: at(5) },
      { id: 'clk-imp-3', type: 'TurnStarted', data: { player: 'p2', turn: 2 }, meta: at(65) },
    ] as unknown as MatchEvent[];
    await t
      .http()
      .post('/matches/import?matchId=clk-imported')
      .set(t.organizer)
      .set('Content-Type', 'application/x-ndjson')
      .send(signedLog(t, 'clk-imported', events))
      .expect(201);
    const { body } = await t.http().get('/matches/clk-imported/clock').set(t.organizer).expect(200);
    expect(body.times).toBe('imported');
    expect(body.turns[0]).toMatchObject({ turn: 1, start: '2026-11-20T09:00:05.000Z', end: '2026-11-20T09:01:05.000Z', seconds: 60 });
  });
});

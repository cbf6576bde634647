import { TimeSource } from '../src/time-source';
import { openParts } from '../src/open-parts';
import { lorcanaMatch } from './support/fixtures';
import { TestApp, startTestApp } from './support/test-app';

/** The server's time, under the test's control: it stamps recordedAt and measures the delay. */
const time = {
  at: Date.parse('2026-11-28T10:00:00.000Z'),
  now() {
    return this.at;
  },
} satisfies TimeSource & { at: number };

const HOUR = 3600_000;
const EVENT = 'Spoiler Cup';
const round = { event: EVENT, round: 1 };

/** A game of table 1's best-of-three, its broadcast an hour behind unless `delay` says otherwise. */
const game = (matchId: string, number: number, delay: object = { seconds: 3600 }) => ({
  ...lorcanaMatch(matchId),
  tournament: { ...round, table: 1, game: number, bestOf: 3 },
  broadcastDelay: delay,
});

/** p1 reaches 20 lore and wins. */
const twentyLore = [
  { type: 'CounterChanged', data: { counter: 'lore', player: 'p1', to: 20 } },
  { type: 'MatchEnded', data: { winner: 'p1', reason: '20 lore' } },
];

describe('no spoilers around the delay: a delayed match holds back its public side too', () => {
  let t: TestApp;
  let g1: { tokens: { judge: string; players: Record<string, string> } };
  beforeAll(async () => {
    t = await startTestApp({}, (config) => openParts(config, { time }));
  });
  afterAll(() => t.close());

  const anonymous = (path: string) => t.http().get(path);
  const asOrganizer = (path: string) => t.http().get(path).set(t.organizer);
  const as = (token: string) => (path: string) => t.http().get(path).set(t.bearer(token));
  const create = async (body: object) => (await t.http().post('/matches').set(t.organizer).send(body).expect(201)).body;
  const append = (matchId: string, expectedRevision: number, events: object[]) =>
    t.http().post(`/matches/${matchId}/events`).set(t.organizer).send({ expectedRevision, events }).expect(201);
  const listed = async (get: (path: string) => ReturnType<typeof anonymous>, query = '') =>
    (await get(`/matches?event=${encodeURIComponent(EVENT)}${query}`).expect(200)).body.matches.map((m: { matchId: string }) => m.matchId);
  const slip = async (get: (path: string) => ReturnType<typeof anonymous>) =>
    (await get(`/rounds/results?event=${encodeURIComponent(EVENT)}&round=1`).expect(200)).body.tables as { games: { matchId: string; ended: boolean; winner: string | null }[] }[];

  it('a game inside its window is not there for the public: no detail, not listed, not on the slip, no views (404, as a missing match); the judge and the organizer see it', async () => {
    g1 = await create(game('hb-g1', 1));
    for (const path of ['', '/receipt', '/views/public', '/views/broadcast', '/views/p1', '/views/judge', '/queue', '/events'])
      expect((await anonymous(`/matches/hb-g1${path}`).expect(404)).body.code).toBe('MATCH_NOT_FOUND');
    expect(await listed(anonymous)).toEqual([]);
    expect(await slip(anonymous)).toEqual([]);
    expect(await listed(asOrganizer)).toEqual(['hb-g1']);
    expect((await as(g1.tokens.judge)('/matches/hb-g1').expect(200)).body).toMatchObject({ matchId: 'hb-g1', revision: 1 });
  });

  it('an hour on, game 1 ends with 20 lore and game 2 starts: the public sees game 1 as of its delayed revision, and no game 2; the judge and the organizer see the head', async () => {
    time.at += 2 * HOUR;
    await append('hb-g1', 1, twentyLore);
    await create(game('hb-g2', 2));

    const detail = (await anonymous('/matches/hb-g1').expect(200)).body;
    expect(detail).toMatchObject({ status: 'live', winner: null, endReason: null, endedAt: null, revision: 1, eventCount: 1 });
    const view = (await anonymous('/matches/hb-g1/views/public').expect(200)).body;
    expect(view.revision).toBe(1);
    expect(JSON.stringify(view.counters)).not.toContain('20');
    expect((await anonymous('/matches/hb-g1/views/public?at=3').expect(403)).body.code).toBe('BROADCAST_DELAYED');
    expect((await anonymous('/matches/hb-g1/events').expect(200)).body).toMatchObject({ from: 0, to: 1 });
    expect((await anonymous('/matches/hb-g1/receipt').expect(200)).body.head.revision).toBe(1);
    expect((await asOrganizer('/matches/hb-g1/receipt').expect(200)).body.head.revision).toBe(3);
    expect(await listed(anonymous)).toEqual(['hb-g1']);
    expect(await listed(anonymous, '&status=ended')).toEqual([]);
    expect(await listed(anonymous, '&status=live')).toEqual(['hb-g1']);
    expect((await anonymous('/matches/hb-g2').expect(404)).body.code).toBe('MATCH_NOT_FOUND');
    const [table] = await slip(anonymous);
    expect(table.games).toEqual([expect.objectContaining({ matchId: 'hb-g1', ended: false, winner: null })]);
    expect(JSON.stringify(await slip(anonymous))).not.toContain('hb-g2');

    for (const get of [asOrganizer, as(g1.tokens.judge)]) {
      expect((await get('/matches/hb-g1').expect(200)).body).toMatchObject({ status: 'ended', winner: 'p1', revision: 3 });
      expect((await get('/matches/hb-g1/views/public').expect(200)).body.counters).toEqual({ p1: { lore: 20 }, p2: { lore: 0 } });
    }
    expect(await listed(asOrganizer)).toEqual(['hb-g2', 'hb-g1']);
    expect(await listed(asOrganizer, '&status=ended')).toEqual(['hb-g1']);
    expect((await slip(asOrganizer))[0].games.map((g) => [g.matchId, g.winner])).toEqual([
      ['hb-g1', 'p1'],
      ['hb-g2', null],
    ]);
    // a judge token of game 1 sees game 1's head, and game 2 as anyone does
    expect(await listed(as(g1.tokens.judge))).toEqual(['hb-g1']);
    // a player of game 1 knows its head: its seat and the public view show it, as before
    expect((await as(g1.tokens.players.p1)('/matches/hb-g1/views/public').expect(200)).body.revision).toBe(3);
    expect((await as(g1.tokens.players.p1)('/matches/hb-g1/views/p1').expect(200)).body.revision).toBe(3);
  });

  it('a match whose organizer opts out (holdBackPublic: false) shows the public its head, while its broadcast stays behind', async () => {
    await create({ ...game('hb-out', 1, { seconds: 3600, holdBackPublic: false }), tournament: { ...round, table: 2, game: 1, bestOf: 3 } });
    await append('hb-out', 1, twentyLore);
    expect((await anonymous('/matches/hb-out').expect(200)).body).toMatchObject({
      status: 'ended',
      winner: 'p1',
      revision: 3,
      broadcastDelay: { seconds: 3600, holdBackPublic: false },
    });
    expect((await anonymous('/matches/hb-out/views/public').expect(200)).body.revision).toBe(3);
    expect((await anonymous('/matches/hb-out/views/broadcast').expect(200)).body.revision).toBe(0);
    expect(await listed(anonymous, '&status=ended')).toEqual(['hb-out']);
    expect((await slip(anonymous)).find((table) => table.games[0].matchId === 'hb-out')?.games[0]).toMatchObject({ ended: true, winner: 'p1' });
  });

  it('once the window passes, the public sees what it held back: the end, the lore, game 2', async () => {
    time.at += HOUR + 1000;
    expect((await anonymous('/matches/hb-g1').expect(200)).body).toMatchObject({ status: 'ended', winner: 'p1', revision: 3 });
    expect((await anonymous('/matches/hb-g1/views/public').expect(200)).body.counters).toEqual({ p1: { lore: 20 }, p2: { lore: 0 } });
    expect(await listed(anonymous)).toEqual(['hb-out', 'hb-g2', 'hb-g1']);
    expect((await slip(anonymous))[0].games.map((g) => [g.matchId, g.winner])).toEqual([
      ['hb-g1', 'p1'],
      ['hb-g2', null],
    ]);
  });
});

describe('no write volume to anonymous callers', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  const anonymousAnswers = async () => [(await t.http().get('/health').expect(200)).body, (await t.http().get('/health/ready').expect(200)).body];

  it('/health and /health/ready show no log position but to the organizer key; a match, a re-issue of tokens and an append move nothing anyone else sees', async () => {
    const before = await anonymousAnswers();
    expect(before[0]).toEqual({ status: 'ok', store: 'sqlite' });
    expect(before[1]).toEqual({ status: 'ready', store: 'sqlite', reasons: [], skipped: [] });
    const position = async () => (await t.http().get('/health').set(t.organizer).expect(200)).body.catalogPosition as number;
    const start = await position();

    await t.http().post('/matches').set(t.organizer).send(lorcanaMatch('wv-1')).expect(201);
    await t
      .http()
      .post('/matches/wv-1/tokens')
      .set(t.organizer)
      .send({ roles: ['judge', 'p1'] })
      .expect(201);
    await t
      .http()
      .post('/matches/wv-1/events')
      .set(t.organizer)
      .send({ expectedRevision: 1, events: [{ type: 'TurnStarted', data: { player: 'p1', turn: 1 } }] })
      .expect(201);
    await t.http().get('/matches/wv-1').expect(200);

    expect(await anonymousAnswers()).toEqual(before);
    expect(await position()).toBeGreaterThan(start);
    const ready = (await t.http().get('/health/ready').set(t.organizer).expect(200)).body;
    expect(ready.catalog.position).toBeGreaterThan(start);
    // the statistics' projection: where it is in the log, for the organizer only
    expect(ready.stats).toEqual({ position: expect.any(Number), behind: expect.any(Number) });
  });
});

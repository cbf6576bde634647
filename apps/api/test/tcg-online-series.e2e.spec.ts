import { tcgOnlineSamples } from '@matchlog/testkit';
import { TestApp, startTestApp } from './support/test-app';

/**
 * Issue 27 §1: a best-of-N series imported game by game. A replay does not say which game of its series it is
 * (FORMAT.md §4), so without ?game= the games are numbered in the order they began, as they are imported; the series is
 * one table of one round of its event, so GET /rounds/results adds them up.
 */
const samples = tcgOnlineSamples();
const SERIES = 'series-of-three';
const EVENT = `tcg.online match ${SERIES}`;

/** a sample as a game of SERIES, begun at `createdAt`, its players those of the first game so that they sit at one table */
const gameOf = (name: string, gameId: string, createdAt: string, seats?: [string, string]): string => {
  const replay = JSON.parse(samples.find((sample) => sample.name.startsWith(name))!.json);
  let json = JSON.stringify({ ...replay, gameId, matchId: SERIES, metadata: { ...replay.metadata, createdAt } });
  if (seats) replay.playerIds.forEach((id: string, i: number) => (json = json.split(id).join(seats[i])));
  return json;
};

describe('a tcg.online series imported game by game', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const post = (json: string, query = '') => t.http().post(`/matches/import/tcg-online${query}`).set(t.organizer).set('Content-Type', 'application/json').send(json);
  const tournamentOf = async (matchId: string) => (await t.http().get(`/matches/${matchId}/views/judge`).set(t.organizer).expect(200)).body.tournament;

  it('numbers the games in the order they began, refuses one that began before a game already in, and /rounds/results adds them up', async () => {
    const first = JSON.parse(gameOf('07-', 'g-one', '2026-11-27T20:00:00.000Z'));
    const seats: [string, string] = [first.playerIds[0], first.playerIds[1]];
    const one = await post(gameOf('07-', 'g-one', '2026-11-27T20:00:00.000Z')).expect(201);
    const two = await post(gameOf('02-', 'g-two', '2026-11-27T20:30:00.000Z', seats)).expect(201);
    expect(await tournamentOf(one.body.matchId)).toEqual({ event: EVENT, round: 1, table: 1, game: 1 });
    expect(await tournamentOf(two.body.matchId)).toEqual({ event: EVENT, round: 1, table: 1, game: 2 });

    // began between the two: its number is taken; nothing is stored
    const early = await post(gameOf('05-', 'g-early', '2026-11-27T20:15:00.000Z', seats));
    expect([early.status, early.body.code, early.body.matchId]).toEqual([409, 'REPLAY_SERIES_OUT_OF_ORDER', two.body.matchId]);
    expect(early.body.message).toContain('?game=');
    await t.http().get('/matches/tcg-online-g-early/views/judge').set(t.organizer).expect(404);

    const slip = (await t.http().get('/rounds/results').query({ event: EVENT, round: 1 }).expect(200)).body;
    expect(slip.tables).toHaveLength(1);
    expect(slip.tables[0].games.map((game: { game: number; matchId: string; winner: string }) => [game.game, game.matchId, game.winner])).toEqual([
      [1, one.body.matchId, 'p1'],
      [2, two.body.matchId, 'p1'],
    ]);
    expect(slip.tables[0].result).toMatchObject({ wins: { p1: 2, p2: 0 }, decided: true });

    // numbered by the caller, the early game is taken as told
    const told = await post(gameOf('05-', 'g-early', '2026-11-27T20:15:00.000Z', seats), '?game=3').expect(201);
    expect(await tournamentOf(told.body.matchId)).toEqual({ event: EVENT, round: 1, table: 1, game: 3 });
  });
});

describe('the games of one series imported at once (issue 37 finding 5)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const post = (json: string) => t.http().post('/matches/import/tcg-online').set(t.organizer).set('Content-Type', 'application/json').send(json);
  const gameNumberOf = async (matchId: string) => (await t.http().get(`/matches/${matchId}/views/judge`).set(t.organizer).expect(200)).body.tournament.game;

  it('numbers them one after the other, never two with one number, and refuses a fourth game of a best of three', async () => {
    const starts = ['20:00', '20:30', '21:00', '21:30'].map((time) => `2026-11-27T${time}:00.000Z`);
    const games = starts.map((createdAt, i) => gameOf('07-', `at-once-${i + 1}`, createdAt));
    const answers = await Promise.all(games.map((json) => post(json)));

    const stored = answers.filter((answer) => answer.status === 201);
    const numbers = await Promise.all(stored.map((answer) => gameNumberOf(answer.body.matchId)));
    // sent in the order they began, so each is the next game: 1, 2, 3, and the fourth has no place in a best of three
    expect(numbers).toEqual([1, 2, 3]);
    expect(stored.map((answer) => answer.body.matchId)).toEqual(['tcg-online-at-once-1', 'tcg-online-at-once-2', 'tcg-online-at-once-3']);
    const fourth = answers[3];
    expect([fourth.status, fourth.body.code, fourth.body.bestOf, fourth.body.matchId]).toEqual([409, 'REPLAY_SERIES_FULL', 3, 'tcg-online-at-once-3']);
    await t.http().get('/matches/tcg-online-at-once-4/views/judge').set(t.organizer).expect(404);
  });

  it('lets a best of five hold five games', async () => {
    const starts = ['19:00', '19:30', '20:00', '20:30'].map((time) => `2026-11-27T${time}:00.000Z`);
    const first = JSON.parse(gameOf('07-', 'five-1', starts[0]));
    const other = (i: number) => JSON.stringify({ ...first, gameId: `five-${i + 1}`, matchId: 'best-of-five', metadata: { ...first.metadata, createdAt: starts[i] } });
    await t.http().post('/matches/import/tcg-online?bestOf=5').set(t.organizer).set('Content-Type', 'application/json').send(other(0)).expect(201);
    const rest = await Promise.all([1, 2, 3].map((i) => post(other(i))));
    expect(rest.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(await Promise.all(rest.map((answer) => gameNumberOf(answer.body.matchId)))).toEqual([2, 3, 4]);
  });
  it('numbers a game after the highest number of its series: one numbered by the caller is never given twice', async () => {
    const at = (gameId: string, time: string) => gameOf('07-', gameId, `2026-11-27T${time}:00.000Z`).replaceAll(SERIES, 'mixed-series');
    await t.http().post('/matches/import/tcg-online?game=2').set(t.organizer).set('Content-Type', 'application/json').send(at('mixed-a', '18:00')).expect(201);
    const b = await post(at('mixed-b', '18:30')).expect(201);
    expect(await gameNumberOf(b.body.matchId)).toBe(3);
    const c = await post(at('mixed-c', '19:00'));
    expect([c.status, c.body.code]).toEqual([409, 'REPLAY_SERIES_FULL']);
  });
});

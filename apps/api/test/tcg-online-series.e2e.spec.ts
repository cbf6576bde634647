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

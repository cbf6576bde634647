import { TestApp, startTestApp } from './support/test-app';
import { lorcanaMatch } from './support/fixtures';

describe('counters and time through the API', () => {
  let t: TestApp;
  let n = 0;
  const newMatch = async (body: object = {}) => {
    const matchId = `score-${++n}`;
    await t
      .http()
      .post('/matches')
      .set(t.organizer)
      .send({ ...lorcanaMatch(matchId), ...body })
      .expect(201);
    return matchId;
  };
  const append = (matchId: string, expectedRevision: number, ...events: object[]) =>
    t.http().post(`/matches/${matchId}/events`).set(t.organizer).send({ expectedRevision, events });
  const lore = (data: object) => ({ type: 'CounterChanged', data: { counter: 'lore', ...data } });

  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  it('lore is recorded and every audience reads the score: the public view, a player, the judge', async () => {
    const id = await newMatch();
    await append(id, 1, lore({ player: 'p1', by: 3, reason: 'quested' }), lore({ player: 'p2', to: 2 })).expect(201);
    const score = { p1: { lore: 3 }, p2: { lore: 2 } };
    expect((await t.http().get(`/matches/${id}/views/public`).expect(200)).body.counters).toEqual(score);
    const { tokens } = (
      await t
        .http()
        .post(`/matches/${id}/tokens`)
        .set(t.organizer)
        .send({ roles: ['p2'] })
        .expect(201)
    ).body;
    expect((await t.http().get(`/matches/${id}/views/p2`).set('Authorization', `Bearer ${tokens.players.p2}`).expect(200)).body.counters).toEqual(score);
    expect((await t.http().get(`/matches/${id}/views/judge`).set(t.organizer).expect(200)).body.counters).toEqual(score);
    const { observations } = (await t.http().get(`/matches/${id}/events?audience=public&from=1`).expect(200)).body;
    expect(observations[0].observation).toEqual({ type: 'CounterChanged', counter: 'lore', player: 'p1', value: 3, change: 3, reason: 'quested' });
  });

  it.each([
    ['an unknown counter', lore({ counter: 'strength', player: 'p1', by: 1 }), 'UNKNOWN_COUNTER', 'data.counter'],
    ['lore on a card', lore({ cardId: 'c01', by: 1 }), 'UNKNOWN_COUNTER', 'data.counter'],
    ['below zero', lore({ player: 'p1', by: -1 }), 'COUNTER_BELOW_ZERO', 'data.by'],
    ['both player and card', lore({ player: 'p1', cardId: 'c01', by: 1 }), 'MALFORMED_EVENT', 'data.cardId'],
    ['neither by nor to', lore({ player: 'p1' }), 'MALFORMED_EVENT', 'data.by'],
    ['a drawn game with a winner', { type: 'MatchEnded', data: { winner: 'p1', draw: true, reason: 'time' } }, 'MALFORMED_EVENT', 'data.draw'],
  ])('422 for %s, with the code and the field, and nothing written', async (_, bad, code, path) => {
    const id = await newMatch();
    const res = await append(id, 1, bad).expect(422);
    expect(res.body).toMatchObject({ statusCode: 422, code, details: [{ path }], eventIndex: 0 });
    expect((await t.http().get(`/matches/${id}`).expect(200)).body.eventCount).toBe(1);
  });

  it('422 for time called twice, and for a game beyond the best of', async () => {
    const id = await newMatch();
    await append(id, 1, { type: 'TimeCalled', data: {} }).expect(201);
    expect((await append(id, 2, { type: 'TimeCalled', data: {} }).expect(422)).body.code).toBe('TIME_ALREADY_CALLED');
    const res = await t
      .http()
      .post('/matches')
      .set(t.organizer)
      .send({ ...lorcanaMatch(`score-${++n}`), tournament: { event: 'Cup', round: 1, table: 1, game: 2, bestOf: 1 } })
      .expect(422);
    expect(res.body).toMatchObject({ code: 'GAME_BEYOND_BEST_OF', details: [{ path: 'data.tournament.game' }] });
  });
});

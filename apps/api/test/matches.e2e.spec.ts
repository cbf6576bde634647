import { TestApp, startTestApp } from './support/test-app';
import { detailMessages, lorcanaMatch } from './support/fixtures';

describe('matches: create, catalog, pagination', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  it('POST /matches creates a match and returns one token per player and a judge token', async () => {
    const res = await t.http().post('/matches').set(t.organizer).send(lorcanaMatch('m-create')).expect(201);
    expect(res.body).toMatchObject({ matchId: 'm-create', revision: 1 });
    expect(Object.keys(res.body.tokens.players)).toEqual(['p1', 'p2']);
    expect(res.body.tokens.judge).toMatch(/^mlt_/);
    expect(new Set([res.body.tokens.judge, ...Object.values(res.body.tokens.players)]).size).toBe(3);
  });

  it('generates a match id when none is given', async () => {
    const res = await t.http().post('/matches').set(t.organizer).send(lorcanaMatch()).expect(201);
    expect(res.body.matchId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses to create the same match twice (409) and keeps the first', async () => {
    await t.http().post('/matches').set(t.organizer).send(lorcanaMatch('m-twice')).expect(201);
    const res = await t.http().post('/matches').set(t.organizer).send(lorcanaMatch('m-twice')).expect(409);
    expect(res.body.code).toBe('MATCH_ALREADY_EXISTS');
    expect((await t.http().get('/matches/m-twice').expect(200)).body.players).toHaveLength(2);
  });

  it('only the organizer creates matches: 401 without a token, 401 with a wrong one, 403 with a match token', async () => {
    await t.http().post('/matches').send(lorcanaMatch('m-anon')).expect(401);
    await t.http().post('/matches').set(t.bearer('nope')).send(lorcanaMatch('m-anon')).expect(401);
    const { body } = await t.http().post('/matches').set(t.organizer).send(lorcanaMatch('m-tokens')).expect(201);
    const res = await t.http().post('/matches').set(t.bearer(body.tokens.judge)).send(lorcanaMatch('m-anon')).expect(403);
    expect(res.body.code).toBe('FORBIDDEN');
    await t.http().get('/matches/m-anon').expect(404);
  });

  it('GET /matches/:id is the catalog entry, and 404 names the match', async () => {
    await t.http().post('/matches').set(t.organizer).send(lorcanaMatch('m-entry')).expect(201);
    const { body } = await t.http().get('/matches/m-entry').expect(200);
    expect(body).toMatchObject({
      matchId: 'm-entry', game: 'lorcana', status: 'live', winner: null, eventCount: 1, revision: 1,
      players: [{ id: 'p1', name: 'Ada' }, { id: 'p2', name: 'Grace' }],
      tournament: { event: 'Lyon Regional', round: 3, table: 12 },
    });
    expect(Date.parse(body.startedAt)).not.toBeNaN();
    const missing = await t.http().get('/matches/nope').expect(404);
    expect(missing.body).toMatchObject({ code: 'MATCH_NOT_FOUND', message: 'no match "nope"' });
  });

  it('the catalog follows the log: events counted, the end and the winner recorded', async () => {
    await t.http().post('/matches').set(t.organizer).send(lorcanaMatch('m-ended')).expect(201);
    await t.http().post('/matches/m-ended/events').set(t.organizer).send({ expectedRevision: 1, events: [{ type: 'MatchEnded', data: { winner: 'p2', reason: '20 lore' } }] }).expect(201);
    expect((await t.http().get('/matches/m-ended')).body).toMatchObject({ status: 'ended', winner: 'p2', endReason: '20 lore', eventCount: 2, revision: 2 });
  });

  describe('GET /matches', () => {
    let other: TestApp;
    beforeAll(async () => {
      other = await startTestApp();
      for (let i = 0; i < 5; i++) {
        const body = { ...lorcanaMatch(`list-${i}`), tournament: { event: i < 3 ? 'Lyon' : 'Nice', round: i } };
        if (i === 4) body.players = [...body.players, { id: 'zoe', name: 'Zoe' }];
        await other.http().post('/matches').set(other.organizer).send(body).expect(201);
      }
      await other.http().post('/matches/list-1/events').set(other.organizer).send({ expectedRevision: 1, events: [{ type: 'MatchEnded', data: { reason: 'draw' } }] }).expect(201);
    });
    afterAll(() => other.close());

    const ids = (body: { matches: { matchId: string }[] }) => body.matches.map((m) => m.matchId);

    it('lists newest first and pages with a cursor until the end', async () => {
      const first = (await other.http().get('/matches?limit=2').expect(200)).body;
      expect(ids(first)).toEqual(['list-4', 'list-3']);
      const second = (await other.http().get(`/matches?limit=2&cursor=${first.nextCursor}`).expect(200)).body;
      expect(ids(second)).toEqual(['list-2', 'list-1']);
      const last = (await other.http().get(`/matches?limit=2&cursor=${second.nextCursor}`).expect(200)).body;
      expect(ids(last)).toEqual(['list-0']);
      expect(last.nextCursor).toBeNull();
    });

    it('filters by player, game, event, round, status and time', async () => {
      expect(ids((await other.http().get('/matches?player=zoe')).body)).toEqual(['list-4']);
      expect(ids((await other.http().get('/matches?event=Nice')).body)).toEqual(['list-4', 'list-3']);
      expect(ids((await other.http().get('/matches?event=Lyon&round=2')).body)).toEqual(['list-2']);
      expect(ids((await other.http().get('/matches?status=ended')).body)).toEqual(['list-1']);
      expect(ids((await other.http().get('/matches?game=grand-archive')).body)).toEqual([]);
      expect(ids((await other.http().get('/matches?to=2000-01-01T00:00:00Z')).body)).toEqual([]);
      expect(ids((await other.http().get('/matches?from=2000-01-01T00:00:00Z&limit=100')).body)).toHaveLength(5);
    });

    it('names the bad query parameter in a 400', async () => {
      const res = await other.http().get('/matches?limit=0&status=paused&from=yesterday&cursor=zzz').expect(400);
      expect(detailMessages(res.body)).toEqual(expect.arrayContaining(['limit must not be less than 1', 'status must be one of the following values: live, ended', 'from must be a valid ISO 8601 date string']));
      expect((await other.http().get('/matches?cursor=zzz').expect(400)).body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'cursor must be a nextCursor this API returned', details: [{ path: 'cursor' }] });
    });
  });
});

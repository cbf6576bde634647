import { MatchEvent } from '@matchlog/domain';
import { TestApp, startTestApp } from './support/test-app';
import { detailMessages, lorcanaMatch } from './support/fixtures';
import { signedLog } from './support/signed-log';

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
      matchId: 'm-entry',
      game: 'lorcana',
      status: 'live',
      winner: null,
      eventCount: 1,
      revision: 1,
      players: [
        { id: 'p1', name: 'Ada' },
        { id: 'p2', name: 'Grace' },
      ],
      tournament: { event: 'Lyon Regional', round: 3, table: 12 },
    });
    expect(Date.parse(body.startedAt)).not.toBeNaN();
    const missing = await t.http().get('/matches/nope').expect(404);
    expect(missing.body).toMatchObject({ code: 'MATCH_NOT_FOUND', message: 'no match "nope"' });
  });

  it('the catalog follows the log: events counted, the end and the winner recorded', async () => {
    await t.http().post('/matches').set(t.organizer).send(lorcanaMatch('m-ended')).expect(201);
    await t
      .http()
      .post('/matches/m-ended/events')
      .set(t.organizer)
      .send({ expectedRevision: 1, events: [{ type: 'MatchEnded', data: { winner: 'p2', reason: '20 lore' } }] })
      .expect(201);
    expect((await t.http().get('/matches/m-ended')).body).toMatchObject({ status: 'ended', winner: 'p2', endReason: '20 lore', eventCount: 2, revision: 2 });
  });

  it('an imported match keeps its own start and end times, not the time of the upload', async () => {
    const at = (recordedAt: string) => ({ recordedBy: 'organizer', recordedAt });
    const log = signedLog(t, 'm-old', [
      { id: 'old-1', type: 'MatchCreated', data: lorcanaMatch(), meta: at('2025-03-01T09:00:00.000Z') },
      { id: 'old-2', type: 'MatchEnded', data: { winner: 'p1', reason: '20 lore' }, meta: at('2025-03-01T09:40:00.000Z') },
    ] as MatchEvent[]);
    await t.http().post('/matches/import?matchId=m-old').set(t.organizer).set('Content-Type', 'application/x-ndjson').send(log).expect(201);
    expect((await t.http().get('/matches/m-old').expect(200)).body).toMatchObject({ startedAt: '2025-03-01T09:00:00.000Z', endedAt: '2025-03-01T09:40:00.000Z' });
    const before2026 = (await t.http().get('/matches?to=2026-01-01T00:00:00Z').expect(200)).body;
    expect(before2026.matches.map((m: { matchId: string }) => m.matchId)).toEqual(['m-old']);
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
      await other
        .http()
        .post('/matches/list-1/events')
        .set(other.organizer)
        .send({ expectedRevision: 1, events: [{ type: 'MatchEnded', data: { reason: 'draw' } }] })
        .expect(201);
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
      expect(ids((await other.http().get('/matches?event=yo&round=2')).body)).toEqual(['list-2']);
      expect(ids((await other.http().get('/matches?event=nICE')).body)).toEqual(['list-4', 'list-3']);
      expect(ids((await other.http().get('/matches?status=ended')).body)).toEqual(['list-1']);
      expect(ids((await other.http().get('/matches?game=grand-archive')).body)).toEqual([]);
      expect(ids((await other.http().get('/matches?to=2000-01-01T00:00:00Z')).body)).toEqual([]);
      expect(ids((await other.http().get('/matches?from=2000-01-01T00:00:00Z&limit=100')).body)).toHaveLength(5);
    });

    it('finds a player by part of their name, in any case, as well as by seat id', async () => {
      const named = async (player: string) =>
        ids(
          (
            await other
              .http()
              .get(`/matches?player=${encodeURIComponent(player)}`)
              .expect(200)
          ).body,
        );
      expect(await named('Zoe')).toEqual(['list-4']);
      expect(await named('zOE')).toEqual(['list-4']);
      expect(await named('Grace')).toEqual(['list-4', 'list-3', 'list-2', 'list-1', 'list-0']);
      expect(await named('p2')).toEqual(['list-4', 'list-3', 'list-2', 'list-1', 'list-0']);
      expect(await named('rAC')).toEqual(['list-4', 'list-3', 'list-2', 'list-1', 'list-0']);
      expect(await named('zo')).toEqual(['list-4']);
      expect(await named('%')).toEqual([]);
      expect(await named('p')).toEqual([]);
    });

    it('filters by a tournament event named with spaces, by round alone and by round 0', async () => {
      await other
        .http()
        .post('/matches')
        .set(other.organizer)
        .send({ ...lorcanaMatch('list-regional'), tournament: { event: 'Lyon Regional', round: 0 } })
        .expect(201);
      expect(ids((await other.http().get('/matches?event=Lyon%20Regional').expect(200)).body)).toEqual(['list-regional']);
      expect(ids((await other.http().get('/matches?event=Lyon+Regional&round=0').expect(200)).body)).toEqual(['list-regional']);
      expect(ids((await other.http().get('/matches?round=0').expect(200)).body)).toEqual(['list-regional', 'list-0']);
      expect(ids((await other.http().get('/matches?round=3').expect(200)).body)).toEqual(['list-3']);
      // part of a name: "Lyon" is in both events
      expect(ids((await other.http().get('/matches?event=Lyon&round=0').expect(200)).body)).toEqual(['list-regional', 'list-0']);
      expect(ids((await other.http().get('/matches?event=lyon%20r&round=0').expect(200)).body)).toEqual(['list-regional']);
    });

    it('names the bad query parameter in a 400', async () => {
      const res = await other.http().get('/matches?limit=0&status=paused&from=yesterday&cursor=zzz').expect(400);
      expect(detailMessages(res.body)).toEqual(
        expect.arrayContaining(['limit must not be less than 1', 'status must be one of the following values: live, ended', 'from must be a valid ISO 8601 date string']),
      );
      expect((await other.http().get('/matches?cursor=zzz').expect(400)).body).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'cursor must be a nextCursor this API returned',
        details: [{ path: 'cursor' }],
      });
      // PostgreSQL's text cannot hold a NUL: refused here, never a 500 from the catalog
      expect(detailMessages((await other.http().get('/matches?player=a%00b&event=%07').expect(400)).body)).toEqual([
        'player must be text without control characters (such as NUL)',
        'event must be text without control characters (such as NUL)',
      ]);
    });
  });
});

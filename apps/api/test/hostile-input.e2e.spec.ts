import { GENESIS } from '@matchlog/audit';
import { createHash } from 'crypto';
import { detailMessages, draw, lorcanaMatch } from './support/fixtures';
import { TestApp, startTestApp } from './support/test-app';

/** `{"a":{"a":…}}` nested `depth` deep, as raw JSON (JSON.stringify itself would recurse that deep). */
const nested = (depth: number): string => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe('hostile input: refused early, in one error shape, never a 500', () => {
  let t: TestApp;
  let matchId: string;
  let tokens: { players: Record<string, string>; judge: string };
  const post = (path: string, headers: object = {}) =>
    t
      .http()
      .post(path)
      .set(headers as Record<string, string>);

  beforeAll(async () => {
    t = await startTestApp();
    ({ matchId, tokens } = (await post('/matches', t.organizer).send(lorcanaMatch('hostile')).expect(201)).body);
  });
  afterAll(() => t.close());

  it('an anonymous or a match token gets 401/403 before its body is validated, with no validation messages', async () => {
    const invalid = { game: 'chess', players: 7 };
    const anonymous = await post('/matches').send(invalid).expect(401);
    expect(anonymous.body).toEqual({ statusCode: 401, code: 'UNAUTHENTICATED', message: 'a valid bearer token is required' });
    await post('/matches', t.bearer(tokens.judge)).send(invalid).expect(403);
    expect((await post(`/matches/${matchId}/events`).send({ events: 'x' }).expect(401)).body.details).toBeUndefined();
    await post(`/matches/${matchId}/events`, t.bearer(tokens.players.p1)).send({ events: 'x' }).expect(403);
    await post(`/matches/${matchId}/audit/deliveries`).send({ deliveries: 1 }).expect(401);
    await post(`/matches/${matchId}/audit/deliveries`, t.bearer(tokens.players.p1)).send({ deliveries: 1 }).expect(403);
  });

  it('a body nested 10,000 deep is a 400 BODY_TOO_DEEP on every write endpoint, saying the limit', async () => {
    const deep = nested(10_000);
    for (const [path, headers] of [
      ['/matches', t.organizer],
      [`/matches/${matchId}/events`, t.organizer],
      [`/matches/${matchId}/audit/deliveries`, t.bearer(tokens.judge)],
    ] as const) {
      const res = await post(path, headers).set('Content-Type', 'application/json').send(deep).expect(400);
      expect(res.body).toEqual({ statusCode: 400, code: 'BODY_TOO_DEEP', message: expect.stringContaining('deeper than 64 levels') });
    }
    // anonymous: the 401 comes first
    await post('/matches').set('Content-Type', 'application/json').send(deep).expect(401);
    // a legitimate payload a few levels deep still goes through
    const payload = JSON.parse(nested(20));
    await post(`/matches/${matchId}/audit/deliveries`, t.bearer(tokens.judge))
      .send({ deliveries: [{ audience: 'public', revision: 1, payload }] })
      .expect(200);
  });

  it('an imported log whose chain holds, but whose event nests 100,000 deep, is a 400 BODY_TOO_DEEP', async () => {
    const deep = nested(100_000);
    const content = `{"data":${deep},"id":"deep-1","type":"MatchCreated"}`; // canonical JSON, written by hand: nothing here recurses
    const hash = createHash('sha256').update(GENESIS).update(content).digest('hex');
    const line = `{"data":${deep},"id":"deep-1","meta":{"hash":"${hash}","previous":"${GENESIS}"},"type":"MatchCreated"}`;
    const log = `${line}\n{"chain":{"count":1,"head":"${hash}"}}\n`;
    const res = await post('/matches/import', t.organizer).set('Content-Type', 'application/x-ndjson').send(log).expect(400);
    expect(res.body).toEqual({ statusCode: 400, code: 'BODY_TOO_DEEP', message: expect.stringContaining('64 levels') });
  });

  it('the longest valid id routes, even %-escaped; a longer path segment is a 414 URL_TOO_LONG in the one shape, never a 500', async () => {
    const longest = 'm' + ':'.repeat(127); // 128 characters, the ID rule's limit; every ":" %-escaped by encodeURIComponent
    await post('/matches', t.organizer).send(lorcanaMatch(longest)).expect(201);
    expect(
      (
        await t
          .http()
          .get(`/matches/${encodeURIComponent(longest)}`)
          .set(t.organizer)
          .expect(200)
      ).body.matchId,
    ).toBe(longest);
    await post(`/matches/${encodeURIComponent(longest)}/events`, t.organizer)
      .send({ expectedRevision: 1, events: [draw('c01')] })
      .expect(201);
    const tooLong = 'a'.repeat(385);
    for (const res of [await post(`/matches/${tooLong}/events`, t.organizer).send({}), await t.http().get(`/matches/${tooLong}`).set(t.organizer)]) {
      expect(res.status).toBe(414);
      expect(res.body).toEqual({ statusCode: 414, code: 'URL_TOO_LONG', message: expect.stringContaining('at most 128 characters') });
    }
    // an id over 128 characters but within the route's limit is routed, and refused as an id
    expect((await post('/matches', t.organizer).send(lorcanaMatch('a'.repeat(300)))).status).toBe(400);
    expect(
      (
        await t
          .http()
          .get(`/matches/${'a'.repeat(300)}`)
          .set(t.organizer)
      ).status,
    ).toBe(404);
  });

  it('a stale append with a malformed event is refused (4xx), not a 500, and writes nothing', async () => {
    const id = 'hostile-stale';
    await post('/matches', t.organizer).send(lorcanaMatch(id)).expect(201);
    await post(`/matches/${id}/events`, t.organizer)
      .send({ expectedRevision: 1, events: [draw('c01')] })
      .expect(201);
    const res = await post(`/matches/${id}/events`, t.organizer).send({ expectedRevision: 1, events: [[]] });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    // well-formed JSON objects the domain refuses, behind the head: validated against that revision
    const refused = await post(`/matches/${id}/events`, t.organizer).send({
      expectedRevision: 1,
      events: [{ type: 'CardMoved', data: { cardId: 'c01', from: { zone: 'play', player: 'p1' }, to: { zone: 'hand', player: 'p1' } } }],
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'CARD_NOT_IN_ZONE', eventIndex: 0 });
    expect((await t.http().get(`/matches/${id}`).expect(200)).body.eventCount).toBe(2);
  });

  it('every error is { statusCode, code, message: string, details? }, validation included', async () => {
    const res = await post(`/matches/${matchId}/events`, t.organizer).send({ expectedRevision: 'one', events: [], extra: 1 }).expect(400);
    expect(Object.keys(res.body).sort()).toEqual(['code', 'details', 'message', 'statusCode']);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: expect.any(String) });
    expect(res.body.details).toEqual(
      expect.arrayContaining([
        { path: 'extra', message: 'property extra should not exist' },
        { path: 'events', message: 'events must contain at least 1 elements' },
      ]),
    );
    expect(detailMessages(res.body)).toContain(res.body.message.replace(/ \(and \d+ more: see details\)$/, ''));
    const unknown = await t.http().get('/no/such/route').expect(404);
    expect(unknown.body).toEqual({ statusCode: 404, code: 'ROUTE_NOT_FOUND', message: expect.any(String) });
  });

  it('a token in the query string is refused with a message that points to the Authorization header', async () => {
    for (const parameter of ['token', 'access_token']) {
      const res = await t.http().get(`/matches/${matchId}/views/p1?${parameter}=${tokens.players.p1}`).expect(401);
      expect(res.body).toEqual({ statusCode: 401, code: 'TOKEN_IN_QUERY', message: expect.stringContaining('Authorization header') });
      expect(JSON.stringify(res.body)).not.toContain(tokens.players.p1);
    }
  });

  it('security headers on every response; no-store on whatever a token reads', async () => {
    const read = await t.http().get(`/matches/${matchId}/views/p1`).set(t.bearer(tokens.players.p1)).expect(200);
    const anonymous = await t.http().get(`/matches/${matchId}/views/public`).expect(200);
    const failed = await post('/matches').send({}).expect(401);
    const missing = await t.http().get('/matches/none').expect(404);
    for (const res of [read, anonymous, failed, missing]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
    expect(read.headers['cache-control']).toBe('no-store');
    const created = await post('/matches', t.organizer).send(lorcanaMatch('hostile-headers')).expect(201);
    expect(created.headers['cache-control']).toBe('no-store');
  });
});

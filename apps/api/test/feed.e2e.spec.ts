import { TestApp, startTestApp } from './support/test-app';
import { SseClient, SseMessage, listening } from './support/sse-client';
import { draw, lorcanaMatch, zone } from './support/fixtures';

/** A TurnStarted or a status change: small legal events to append while feeds follow. */
const filler = (k: number) =>
  k % 2 === 0
    ? { type: 'TurnStarted', data: { player: k % 4 === 0 ? 'p1' : 'p2', turn: k } }
    : { type: 'CardStatusChanged', data: { cardId: 'c04', exerted: k % 3 === 0, damage: k % 5 } };
const ids = (messages: readonly SseMessage[]) => messages.map((m) => Number(m.id));
const data = (messages: readonly SseMessage[]) => messages.map((m) => JSON.parse(m.data));

describe('GET /matches/:id/feed: the live feed (Server-Sent Events)', () => {
  let t: TestApp;
  let base: string;
  let tokens: { players: Record<string, string>; judge: string };
  let revision = 0;
  const id = 'feed-1';
  const open: SseClient[] = [];

  const append = async (events: readonly unknown[]) => {
    const body = (await t.http().post(`/matches/${id}/events`).set(t.organizer).send({ expectedRevision: revision, events }).expect(201)).body;
    revision = body.revision;
  };
  const appendFillers = (count: number) => append(Array.from({ length: count }, (_, k) => filler(revision + k)));
  const feed = async (query: string, headers: Record<string, string> = {}) => {
    const client = await SseClient.open(`${base}/matches/${id}/feed?${query}`, headers);
    open.push(client);
    return client;
  };
  const restObservations = async (audience: string, from: number, token?: string) =>
    (
      await t
        .http()
        .get(`/matches/${id}/events?audience=${audience}&from=${from}`)
        .set(token ? t.bearer(token) : {})
        .expect(200)
    ).body.observations;

  beforeAll(async () => {
    t = await startTestApp({ feedHeartbeatMs: 25 });
    base = await listening(t.app);
    tokens = (await t.http().post('/matches').set(t.organizer).send(lorcanaMatch(id)).expect(201)).body.tokens;
    revision = 1;
    await append([
      { type: 'TurnStarted', data: { player: 'p1', turn: 1 } },
      draw('c01'),
      { type: 'CardMoved', data: { cardId: 'c04', from: zone('hand', 'p1'), to: zone('play', 'p1') } },
    ]);
  });
  afterEach(() => open.splice(0).forEach((client) => client.destroy()));
  afterAll(() => t.close());

  it('opens with the view of the present (id: its revision), then sends each append as an observation, as REST has them', async () => {
    const client = await feed('audience=public');
    expect(client.status).toBe(200);
    expect(client.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const first = await client.nextMessage();
    expect(first).toMatchObject({ event: 'view', id: String(revision) });
    expect(JSON.parse(first.data)).toEqual((await t.http().get(`/matches/${id}/views/public`).expect(200)).body);
    const before = revision;
    await appendFillers(2);
    const live = await client.until(revision);
    expect(live.map((m) => m.event)).toEqual(['observation', 'observation']);
    expect(ids(live)).toEqual([before + 1, before + 2]);
    expect(data(live)).toEqual(await restObservations('public', before));
  });

  it('resumes exactly after Last-Event-ID or ?from=, across reconnects while appends go on: no gap, no duplicate', async () => {
    const p1 = t.bearer(tokens.players.p1);
    const start = revision;
    let client = await feed('audience=p1', p1);
    expect(await client.nextMessage()).toMatchObject({ event: 'view', id: String(start) });
    await appendFillers(3);
    const received = await client.until(revision);
    client.destroy();
    await appendFillers(4);
    const lastId = received.at(-1)!.id!;
    // the append runs while the client reconnects: whichever comes first, the resume is exact
    const appending = appendFillers(3);
    client = await feed('audience=p1', { ...p1, 'Last-Event-ID': lastId });
    await appending;
    received.push(...(await client.until(revision)));
    client.destroy();
    await appendFillers(2);
    client = await feed(`audience=p1&from=${received.at(-1)!.id}`, p1);
    received.push(...(await client.until(revision)));
    expect(received.every((m) => m.event === 'observation')).toBe(true);
    expect(ids(received)).toEqual(Array.from({ length: revision - start }, (_, i) => start + 1 + i));
    expect(data(received)).toEqual(await restObservations('p1', start, tokens.players.p1));
  });

  it('takes Last-Event-ID over ?from= (an EventSource reconnects with the URL it opened)', async () => {
    const client = await feed('audience=public&from=0', { 'Last-Event-ID': String(revision - 1) });
    expect(await client.nextMessage()).toMatchObject({ event: 'observation', id: String(revision) });
  });

  it('answers at once when there is nothing to send yet (a resume at the head), then follows', async () => {
    const client = await feed(`audience=public&from=${revision}`);
    expect(client.status).toBe(200);
    await appendFillers(1);
    expect(await client.nextMessage()).toMatchObject({ event: 'observation', id: String(revision) });
  });

  it('answers a web page on another origin with the CORS headers the rest of the API sends (the reply is written by hand)', async () => {
    const client = await feed('audience=public', { Origin: 'https://viewer.example.org' });
    expect(client.headers).toMatchObject({ 'access-control-allow-origin': '*', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  });

  it("ends a token's streams when the match's tokens are reissued: the old token is refused on reconnect, the new one resumes by id", async () => {
    const p1 = await feed('audience=p1', t.bearer(tokens.players.p1));
    const spectator = await feed('audience=public');
    const last = (await p1.nextMessage()).id!;
    await spectator.nextMessage();
    const reissued = (
      await t
        .http()
        .post(`/matches/${id}/tokens`)
        .set(t.organizer)
        .send({ roles: ['p1'] })
        .expect(201)
    ).body.tokens.players.p1;
    await p1.closed;
    expect((await SseClient.open(`${base}/matches/${id}/feed?audience=p1`, { ...t.bearer(tokens.players.p1), 'Last-Event-ID': last })).status).toBe(401);
    tokens.players.p1 = reissued;
    const resumed = await feed('audience=p1', { ...t.bearer(reissued), 'Last-Event-ID': last });
    await appendFillers(1);
    expect(await resumed.nextMessage()).toMatchObject({ event: 'observation', id: String(revision) });
    // a spectator's stream needs no token: it goes on
    expect(await spectator.until(revision)).toEqual([expect.objectContaining({ id: String(revision) })]);
  });

  it('sends heartbeat comments while nothing happens', async () => {
    const client = await feed('audience=public');
    expect(await client.nextMessage()).toMatchObject({ event: 'view' });
    expect(await client.next()).toEqual({ event: 'comment', data: 'heartbeat' });
  });

  it('answers bad requests with a Problem, before any stream starts', async () => {
    const problem = async (query: string, headers: Record<string, string> = {}, matchId = id) => {
      const client = await SseClient.open(`${base}/matches/${matchId}/feed?${query}`, headers);
      return { status: client.status, code: client.problem?.code, paths: client.problem?.details?.map((d) => d.path) };
    };
    expect(await problem('audience=p9')).toEqual({ status: 404, code: 'AUDIENCE_NOT_FOUND', paths: undefined });
    expect(await problem('audience=public', {}, 'no-such-match')).toEqual({ status: 404, code: 'MATCH_NOT_FOUND', paths: undefined });
    expect(await problem(`audience=public&from=${revision + 1}`)).toEqual({ status: 400, code: 'REVISION_OUT_OF_RANGE', paths: ['from'] });
    expect(await problem('audience=public', { 'Last-Event-ID': String(revision + 1) })).toEqual({ status: 400, code: 'REVISION_OUT_OF_RANGE', paths: ['Last-Event-ID'] });
    expect(await problem('audience=public', { 'Last-Event-ID': 'abc' })).toEqual({ status: 400, code: 'VALIDATION_FAILED', paths: ['Last-Event-ID'] });
    expect(await problem('audience=public&from=-1')).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await problem('audience=p1')).toEqual({ status: 401, code: 'UNAUTHENTICATED', paths: undefined });
    expect(await problem('audience=p2', t.bearer(tokens.players.p1))).toEqual({ status: 403, code: 'FORBIDDEN', paths: undefined });
    expect(await problem('audience=judge', t.bearer(tokens.players.p1))).toEqual({ status: 403, code: 'FORBIDDEN', paths: undefined });
  });

  it('serves each role the audiences the views allow: a player its seat, the judge its match, the organizer everything', async () => {
    const opened = async (audience: string, headers: Record<string, string>) => (await feed(`audience=${audience}`, headers)).status;
    expect(await opened('p1', t.bearer(tokens.players.p1))).toBe(200);
    expect(await opened('public', t.bearer(tokens.players.p1))).toBe(200);
    expect(await opened('p2', t.bearer(tokens.judge))).toBe(200);
    expect(await opened('judge', t.bearer(tokens.judge))).toBe(200);
    expect(await opened('judge', t.organizer)).toBe(200);
  });

  it('is in the OpenAPI document as a text/event-stream answer with its message types, its Last-Event-ID header and its errors', async () => {
    const operation = (await t.http().get('/docs-json').expect(200)).body.paths['/matches/{id}/feed'].get;
    expect(Object.keys(operation.responses[200].content)).toEqual(['text/event-stream']);
    expect(operation.responses[200].description).toMatch(/event: view.*event: observation.*event: ended/s);
    expect(operation.parameters.map((p: { name: string; in: string }) => `${p.in} ${p.name}`).sort()).toEqual(['header Last-Event-ID', 'path id', 'query audience', 'query from']);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['400', '401', '403', '404']));
  });
});

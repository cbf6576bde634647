import { TestApp, startTestApp } from './support/test-app';
import { SseClient, SseMessage, listening } from './support/sse-client';
import { draw, lorcanaMatch, zone } from './support/fixtures';

/** A TurnStarted or a status change: small legal events to append while feeds follow. */
const filler = (k: number) => (k % 2 === 0 ? { type: 'TurnStarted', data: { player: k % 4 === 0 ? 'p1' : 'p2', turn: k } } : { type: 'CardStatusChanged', data: { cardId: 'c04', exerted: k % 3 === 0, damage: k % 5 } });
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
    (await t.http().get(`/matches/${id}/events?audience=${audience}&from=${from}`).set(token ? t.bearer(token) : {}).expect(200)).body.observations;

  beforeAll(async () => {
    t = await startTestApp({ feedHeartbeatMs: 25 });
    base = await listening(t.app);
    tokens = (await t.http().post('/matches').set(t.organizer).send(lorcanaMatch(id)).expect(201)).body.tokens;
    revision = 1;
    await append([{ type: 'TurnStarted', data: { player: 'p1', turn: 1 } }, draw('c01'), { type: 'CardMoved', data: { cardId: 'c04', from: zone('hand', 'p1'), to: zone('play', 'p1') } }]);
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
});

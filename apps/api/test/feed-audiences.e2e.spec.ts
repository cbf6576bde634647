import { Delivery, checkDeliveries } from '@matchlog/audit';
import { EventStore } from '@matchlog/store';
import { readFileSync } from 'fs';
import { join } from 'path';
import { readMatchEvents } from '@matchlog/matches';
import { EVENT_STORE } from '../src/injection-keys';
import { ROOT } from '@matchlog/testkit';
import { SseClient, SseMessage, listening } from './support/sse-client';
import { TestApp, startTestApp } from './support/test-app';

const example = (file: string) => JSON.parse(readFileSync(join(ROOT, 'examples', 'lorcana', file), 'utf8'));

/** What a client was sent, as deliveries for the audit's check: each message's payload at its id. */
const deliveries = (audience: string, messages: readonly SseMessage[]): Delivery[] => messages.map((m) => ({ audience, revision: Number(m.id), payload: JSON.parse(m.data) }));

/** Every message until the server closes the stream. */
const everything = async (client: SseClient): Promise<SseMessage[]> => {
  await client.closed;
  return client.messages.filter((m) => m.event !== 'comment');
};

describe("the live feed of the README's Lorcana match, from creation to MatchEnded", () => {
  let t: TestApp;
  let base: string;
  let id: string;
  let tokens: { players: Record<string, string>; judge: string; broadcast: string };
  const received = new Map<string, Promise<SseMessage[]>>();

  beforeAll(async () => {
    t = await startTestApp();
    base = await listening(t.app);
    // with a broadcast by token and no delay: its feed runs live, so every payload of it is checked
    ({ matchId: id, tokens } = (
      await t
        .http()
        .post('/matches')
        .set(t.organizer)
        .send({ ...example('match.json'), broadcastAccess: 'token' })
        .expect(201)
    ).body);
    for (const [audience, token] of [
      ['p1', tokens.players.p1],
      ['p2', tokens.players.p2],
      ['public', undefined],
      ['broadcast', tokens.broadcast],
    ] as const) {
      const client = await SseClient.open(`${base}/matches/${id}/feed?audience=${audience}`, token ? t.bearer(token) : {});
      received.set(audience, everything(client));
    }
    const { events } = example('events.json');
    // three appends while the feeds follow: shuffles, draws, reveals, looks, the bag, MatchEnded
    for (const [from, to] of [
      [0, 15],
      [15, 30],
      [30, 54],
    ]) {
      await t
        .http()
        .post(`/matches/${id}/events`)
        .set(t.organizer)
        .send({ expectedRevision: 1 + from, events: events.slice(from, to) })
        .expect(201);
    }
  });
  afterAll(() => t.close());

  it('sends each audience its view, every observation, then ended, and closes', async () => {
    for (const audience of ['p1', 'p2', 'public', 'broadcast']) {
      const messages = await received.get(audience)!;
      expect(messages.map((m) => `${m.event} ${m.id}`)).toEqual(['view 1', ...Array.from({ length: 54 }, (_, i) => `observation ${i + 2}`), 'ended 55']);
      expect(JSON.parse(messages.at(-1)!.data)).toEqual({ revision: 55 });
    }
  });

  it("passes the audit's deliveries check: no payload a player's, the public or the broadcast feed received holds what that audience could not know", async () => {
    const events = await readMatchEvents(t.app.get<EventStore>(EVENT_STORE), id);
    for (const audience of ['p1', 'p2', 'public', 'broadcast']) expect(checkDeliveries(events, deliveries(audience, await received.get(audience)!))).toEqual([]);
    // the check has teeth: p1's own feed, had it gone to p2, names cards p2 never saw; the broadcast's, to p1, names p2's hand
    expect(checkDeliveries(events, deliveries('p2', await received.get('p1')!)).length).toBeGreaterThan(0);
    expect(checkDeliveries(events, deliveries('p1', await received.get('broadcast')!)).length).toBeGreaterThan(0);
  });

  it('opened after the end: the final view, then ended; a resume gets what follows its id, then ended', async () => {
    const fresh = await SseClient.open(`${base}/matches/${id}/feed?audience=public`);
    expect((await everything(fresh)).map((m) => `${m.event} ${m.id}`)).toEqual(['view 55', 'ended 55']);
    const resumed = await SseClient.open(`${base}/matches/${id}/feed?audience=p1`, { ...t.bearer(tokens.players.p1), 'Last-Event-ID': '52' });
    expect((await everything(resumed)).map((m) => `${m.event} ${m.id}`)).toEqual(['observation 53', 'observation 54', 'observation 55', 'ended 55']);
    const atEnd = await SseClient.open(`${base}/matches/${id}/feed?audience=judge&from=55`, t.bearer(tokens.judge));
    expect((await everything(atEnd)).map((m) => `${m.event} ${m.id}`)).toEqual(['ended 55']);
  });
});

import { LiveFeedHub } from '../src/feed/live-feed-hub';
import { EVENT_STORE } from '../src/injection-keys';
import { connect } from 'net';
import { randomUUID } from 'crypto';
import { SseClient, SseMessage, listening } from './support/sse-client';
import { lorcanaMatch, zone } from './support/fixtures';
import { startSecondInstance } from './support/second-instance';
import { TestApp, startTestApp } from './support/test-app';

describe('live feeds: appends from anywhere, and clients that do not read', () => {
  let t: TestApp;
  let base: string;
  let revision = 1;
  const id = 'feed-delivery';

  const append = async (app: TestApp, events: readonly unknown[]) => {
    revision = (await app.http().post(`/matches/${id}/events`).set(app.organizer).send({ expectedRevision: revision, events }).expect(201)).body.revision;
  };
  const turn = (k: number) => ({ type: 'TurnStarted', data: { player: k % 2 ? 'p1' : 'p2', turn: k } });

  beforeAll(async () => {
    t = await startTestApp({ feedMaxBuffered: '64kb' });
    base = await listening(t.app);
    await t.http().post('/matches').set(t.organizer).send(lorcanaMatch(id)).expect(201);
    await append(t, [turn(1), { type: 'CardMoved', data: { cardId: 'c04', from: zone('hand', 'p1'), to: zone('play', 'p1') } }]);
  });
  afterAll(() => t.close());

  it('follows appends made through another app instance over the same store, and written straight to the store', async () => {
    const other = await startSecondInstance(t);
    try {
      const client = await SseClient.open(`${base}/matches/${id}/feed?audience=public`);
      const start = Number((await client.nextMessage()).id);
      await append(other, [turn(2), turn(3)]);
      expect((await client.until(revision)).map((m) => Number(m.id))).toEqual([start + 1, start + 2]);
      await t.app.get(EVENT_STORE).append(id, revision, [{ id: randomUUID(), type: 'TurnStarted', data: { player: 'p1', turn: 4 } }]);
      const straight = await client.nextMessage();
      expect(straight.id).toBe(String(revision + 1));
      expect(JSON.parse(straight.data).observation).toMatchObject({ type: 'TurnStarted', player: 'p1', turn: 4 });
      revision++;
      client.destroy();
    } finally {
      await other.close();
    }
  });

  it('cuts off a client that stops reading once its socket holds more than MATCHLOG_FEED_MAX_BUFFERED; it resumes by id, exactly', async () => {
    const hub = t.app.get(LiveFeedHub);
    const socket = connect(Number(new URL(base).port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let text = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    socket.write(`GET /matches/${id}/feed?audience=judge HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer ${t.organizer.Authorization.slice(7)}\r\n\r\n`);
    // the answer's first bytes: the stream is open; from now on the client reads nothing
    await new Promise((resolve) => socket.once('data', resolve));
    socket.pause();
    const following = hub.followers;
    // long abilities make big messages: the kernel's socket buffers fill first, then the server's
    const ability = 'x'.repeat(500);
    let trigger = 0;
    for (let batch = 0; hub.followers === following; batch++) {
      if (batch === 100) throw new Error(`still following after ${revision} events`);
      await append(
        t,
        Array.from({ length: 200 }, (_, k) =>
          k % 2 === 0
            ? { type: 'TriggerAdded', data: { triggerId: `t${++trigger}`, player: 'p1', sourceCardId: 'c04', ability } }
            : { type: 'TriggerRemoved', data: { triggerId: `t${trigger}`, reason: 'test' } },
        ),
      );
    }
    // what reached the client before the cut, read now
    socket.resume();
    await new Promise((resolve) => socket.once('close', resolve));
    // the last whole message's id: the cut may fall inside a message, which a client drops
    const lastId = Number([...text.slice(0, text.lastIndexOf('\n\n')).matchAll(/^id: (\d+)$/gm)].at(-1)![1]);
    expect(lastId).toBeLessThan(revision);
    expect(text).not.toContain('event: ended');
    const resumed = await SseClient.open(`${base}/matches/${id}/feed?audience=judge`, { ...t.organizer, 'Last-Event-ID': String(lastId) });
    const rest: SseMessage[] = await resumed.until(revision);
    expect(rest.map((m) => Number(m.id))).toEqual(Array.from({ length: revision - lastId }, (_, i) => lastId + 1 + i));
    resumed.destroy();
  });

  it('ends its streams when the app shuts down, so the server can close; clients resume by id elsewhere', async () => {
    const closing = await startTestApp();
    const closingBase = await listening(closing.app);
    await closing.http().post('/matches').set(closing.organizer).send(lorcanaMatch('feed-closing')).expect(201);
    const client = await SseClient.open(`${closingBase}/matches/feed-closing/feed?audience=public`);
    expect(await client.nextMessage()).toMatchObject({ event: 'view', id: '1' });
    await closing.close();
    await client.closed;
    expect(client.messages.filter((m) => m.event !== 'comment').map((m) => m.event)).toEqual(['view']);
  });
});

import { getEventListeners } from 'events';
import { FeedEntry, MatchlogClient, MatchlogError } from '@matchlog/client';
import { Answer, Call, ended, fakeFetch, observation, recordedSleep } from './support/fake-fetch';

const BASE = 'http://matchlog.test';
const entry = (revision: number) => ({ revision, observation: { type: 'TurnStarted', n: revision } });

/** Follows m1 as p1 against a fake server; the revisions delivered, and every call it made. */
const followWith = async (answer: (call: Call, feedIndex: number) => Answer, options: { from?: number; heartbeatTimeoutMs?: number } = {}) => {
  let feeds = 0;
  const server = fakeFetch((call) => (call.url.pathname.endsWith('/feed') ? answer(call, feeds++) : answer(call, -1)));
  const sleep = recordedSleep();
  const client = new MatchlogClient({ baseUrl: BASE, token: 'p1-token', fetch: server.fetch, sleep: sleep.sleep });
  const delivered: number[] = [];
  const following = client.follow('m1', 'p1', (e: FeedEntry) => void delivered.push(e.revision), options);
  const done = await following.done;
  return { done, delivered, calls: server.calls, feedCalls: server.calls.filter((c) => c.url.pathname.endsWith('/feed')), waits: sleep.waits };
};

describe('MatchlogClient.follow', () => {
  it('follows the feed as its audience with the token in the Authorization header, until `ended`', async () => {
    const { done, delivered, feedCalls } = await followWith(() => ({ sse: [observation(1), ': heartbeat\n\n', observation(2), ended(2)] }));
    expect(done).toEqual({ revision: 2 });
    expect(delivered).toEqual([1, 2]);
    expect(feedCalls).toHaveLength(1);
    expect(feedCalls[0].url.search).toBe('?audience=p1&from=0');
    expect(feedCalls[0].headers).toMatchObject({ authorization: 'Bearer p1-token', accept: 'text/event-stream' });
    expect(feedCalls[0].headers['last-event-id']).toBeUndefined();
  });

  it('resumes after a drop with Last-Event-ID (and from) at the last revision delivered, with backoff', async () => {
    const { delivered, feedCalls, waits } = await followWith((_, i) =>
      i === 0 ? { sse: [observation(1), observation(2), 'id: 3\nevent: observ'] } : i === 1 ? { networkError: true } : { sse: [observation(3), ended(3)] },
    );
    expect(delivered).toEqual([1, 2, 3]);
    expect(feedCalls.map((c) => [c.url.searchParams.get('from'), c.headers['last-event-id']])).toEqual([
      ['0', undefined],
      ['2', '2'],
      ['2', '2'],
    ]);
    expect(waits).toEqual([100, 200]);
  });

  it('skips a revision it already delivered (a server resending after a resume)', async () => {
    const { delivered } = await followWith((_, i) => (i === 0 ? { sse: [observation(1), observation(2)] } : { sse: [observation(1), observation(2), observation(3), ended(3)] }));
    expect(delivered).toEqual([1, 2, 3]);
  });

  it('fills a gap from GET /matches/:id/events before going on', async () => {
    const { delivered, calls } = await followWith((call, i) => {
      if (i === -1) return { status: 200, json: { audience: 'p1', from: 1, to: 3, observations: [entry(2), entry(3)] } };
      return { sse: [observation(1), observation(4), ended(4)] };
    });
    expect(delivered).toEqual([1, 2, 3, 4]);
    const rest = calls.find((c) => c.url.pathname === '/matches/m1/events')!;
    expect(Object.fromEntries(rest.url.searchParams)).toEqual({ audience: 'p1', from: '1', to: '3' });
    expect(rest.headers.authorization).toBe('Bearer p1-token');
  });

  it('fills up to `ended` when the revisions before it never came', async () => {
    const { delivered, done } = await followWith((_, i) =>
      i === -1 ? { status: 200, json: { observations: [entry(3), entry(4)] } } : { sse: [observation(1), observation(2), ended(4)] },
    );
    expect(delivered).toEqual([1, 2, 3, 4]);
    expect(done).toEqual({ revision: 4 });
  });

  it('starts after `from`, and reconnects when nothing (not even a heartbeat) came for heartbeatTimeoutMs', async () => {
    const { delivered, feedCalls } = await followWith((_, i) => (i === 0 ? { sse: [observation(6)], hang: true } : { sse: [observation(7), ended(7)] }), {
      from: 5,
      heartbeatTimeoutMs: 50,
    });
    expect(delivered).toEqual([6, 7]);
    expect(feedCalls.map((c) => c.headers['last-event-id'])).toEqual([undefined, '6']);
    expect(feedCalls[0].url.searchParams.get('from')).toBe('5');
  });

  it('waits Retry-After on a 503, and ends with the error on a 4xx (a revoked token: no reconnect helps)', async () => {
    const answers: Answer[] = [
      { status: 503, json: { code: 'STORE_UNAVAILABLE', message: 'later' }, headers: { 'Retry-After': '5' } },
      { status: 401, json: { statusCode: 401, code: 'UNAUTHENTICATED', message: 'no' } },
    ];
    const failing = followWith((_, i) => answers[i]);
    await expect(failing).rejects.toBeInstanceOf(MatchlogError);
    await expect(failing).rejects.toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
  });

  it('close() ends it, done resolving at the last revision delivered', async () => {
    const server = fakeFetch(() => ({ sse: [observation(1)], hang: true }));
    const client = new MatchlogClient({ baseUrl: BASE, fetch: server.fetch });
    const seen: number[] = [];
    const following = client.follow('m1', 'public', (e) => {
      seen.push(e.revision);
      following.close();
    });
    await expect(following.done).resolves.toEqual({ revision: 1 });
    expect(seen).toEqual([1]);
  });

  it('awaits an async onObservation before the next, and ends with its error', async () => {
    const server = fakeFetch(() => ({ sse: [observation(1), observation(2), observation(3), ended(3)] }));
    const client = new MatchlogClient({ baseUrl: BASE, fetch: server.fetch });
    const order: string[] = [];
    const following = client.follow('m1', 'public', async ({ revision }) => {
      order.push(`start ${revision}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (revision === 2) throw new Error('the page broke');
      order.push(`end ${revision}`);
    });
    await expect(following.done).rejects.toThrow('the page broke');
    expect(order).toEqual(['start 1', 'end 1', 'start 2']);
  });

  it('keeps no listener of a reconnect once it is over: 50 drops leave the feed as light as the first connection', async () => {
    let listeners: number | undefined;
    const { delivered } = await followWith((call, i) => {
      // the gap's REST read gets the follow's own signal: what is left listening on it
      if (i === -1) {
        listeners = getEventListeners(call.signal!, 'abort').length;
        return { status: 200, json: { observations: [entry(1)] } };
      }
      return i < 50 ? { networkError: true } : { sse: [observation(2), ended(2)] };
    });
    expect(delivered).toEqual([1, 2]);
    expect(listeners).toBe(1); // the open connection's, none of the 50 waits before it
  });
});

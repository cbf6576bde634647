import { SqliteEventStore, StoredEvent, Subscription, openSqliteEventStore } from '@matchlog/store';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { RECENT_EVENTS } from '../src/sqlite/recent-commits';

/** The store's writer thread, which it keeps to itself: only tests reach in, to end it. */
const threadOf = (store: SqliteEventStore): Worker => (store as unknown as { writer: { thread: Worker } }).writer.thread;

const ev = (id: string, meta?: unknown) => (meta === undefined ? { id, type: 'CardMoved', data: { id, nested: [1, 'é', null] } } : { id, type: 'CardMoved', data: { id }, meta });
const batchOf = (streamId: string, from: number, count: number) => Array.from({ length: count }, (_, i) => ev(`${streamId}-${from + i + 1}`));

/** Resolves once `events` holds `count` events: each delivery is pushed, and looked at, in the subscriber's turn. */
const following = (store: SqliteEventStore, after = 0) => {
  const events: StoredEvent[] = [];
  let awaited: { count: number; done: () => void } | undefined;
  const subscription: Subscription = store.subscribeAll(after, (event) => {
    events.push(event);
    if (awaited && events.length >= awaited.count) awaited.done();
  });
  const reach = (count: number) => (events.length >= count ? Promise.resolve() : new Promise<void>((done) => (awaited = { count, done })));
  return { events, subscription, reach };
};

describe("SqliteEventStore's subscriptions, given this process's own commits from memory", () => {
  const base = mkdtempSync(join(tmpdir(), 'matchlog-recent-'));
  let n = 0;
  let store: SqliteEventStore | undefined;
  const open = (dir = join(base, `d${++n}`)) => (store = openSqliteEventStore(dir));
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('reads the history from the file, then follows the appends without reading them back, refusals and retries among them', async () => {
    const dir = join(base, 'reopened');
    const before = open(dir);
    await before.append('m1', 0, batchOf('m1', 0, 3));
    await before.close();
    const store = open(dir);
    const live = following(store);
    await live.reach(3);
    const readsAtStart = store.subscriptionReads;
    expect(readsAtStart).toBeGreaterThan(0);

    for (let round = 0; round < 10; round++) {
      const first = await store.append(`r${round}`, 0, [ev(`r${round}-a`, { recordedBy: 'judge' }), ev(`r${round}-b`)]);
      const outcomes = await Promise.allSettled([
        store.append('m1', 3 + round, batchOf('m1', 3 + round, 1)),
        store.append(`r${round}`, 0, [ev(`r${round}-a`, { recordedBy: 'judge' }), ev(`r${round}-b`)]),
        store.append(`r${round}`, 0, [ev(`r${round}-c`)]),
        store.append(`r${round}`, 2, [ev(`r${round}-a`)]),
        store.append(`t${round}`, 'any', batchOf(`t${round}`, 0, 4)),
      ]);
      expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : o.reason.code))).toEqual([
        expect.objectContaining({ revision: 4 + round }),
        first,
        'REVISION_CONFLICT',
        'DUPLICATE_EVENT_ID',
        expect.objectContaining({ revision: 4 }),
      ]);
    }
    const all = await store.readAll(0, 1000);
    await live.reach(all.length);

    expect(live.events).toStrictEqual(all);
    expect(all).toHaveLength(3 + 10 * (2 + 1 + 4));
    expect(store.subscriptionReads).toBe(readsAtStart);
    await live.subscription.close();
  });

  it('reads from the file what it no longer holds: a commit past its bound, and a subscription far behind', async () => {
    const store = open();
    const live = following(store);
    await store.append('small', 0, batchOf('small', 0, 2));
    await live.reach(2);
    const readsBefore = store.subscriptionReads;

    await store.append('large', 0, batchOf('large', 0, RECENT_EVENTS + 100));
    await store.append('small', 2, batchOf('small', 2, 2));
    const all = await store.readAll(0, 10_000);
    await live.reach(all.length);
    const late = following(store, 1);
    await late.reach(all.length - 1);

    expect(live.events).toStrictEqual(all);
    expect(late.events).toStrictEqual(all.slice(1));
    // the large commit (from the file), the late subscription's pages; the small ones after it came from memory
    expect(store.subscriptionReads).toBeGreaterThan(readsBefore + 1);
    await Promise.all([live.subscription.close(), late.subscription.close()]);
  });

  it('delivers a stream id as the file gives it back (SQLite does not keep a lone surrogate)', async () => {
    const store = open();
    const live = following(store);
    await store.append('m\uD800', 0, [ev('a')]);
    await store.append('m2', 0, [ev('b')]);
    await live.reach(2);

    expect(live.events[0].streamId).toMatch(/^m\uFFFD+$/);
    expect(live.events).toStrictEqual(await store.readAll(0, 10));
    await live.subscription.close();
  });

  it('delivers what a writer thread that died wrote, once, in order, and follows the appends after it', async () => {
    const store = open();
    const live = following(store);
    await store.append('warm', 0, [ev('warm-1')]);
    const held = [store.append('large', 0, batchOf('large', 0, 3_000)), ...[0, 1, 2].map((m) => store.append(`m${m}`, 0, batchOf(`m${m}`, 0, 2)))];
    await threadOf(store).terminate();
    await Promise.allSettled(held);
    await Promise.all([store.append('large', 0, batchOf('large', 0, 3_000)), ...[0, 1, 2].map((m) => store.append(`m${m}`, 0, batchOf(`m${m}`, 0, 2)))]);
    await store.append('after', 0, [ev('after-1')]);

    const all = await store.readAll(0, 10_000);
    await live.reach(all.length);
    expect(all).toHaveLength(1 + 3_000 + 3 * 2 + 1);
    expect(live.events).toStrictEqual(all);
    await live.subscription.close();
  });
});

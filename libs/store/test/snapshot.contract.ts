import { EventStore, StoredEvent } from '@matchlog/store';
import { randomUUID } from 'node:crypto';

const waitFor = async (condition: () => boolean, timeoutMs = 5000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

/** A snapshot's size as the largest stored ones are (1.3 MB of JSON): more than EventStoreDB's 1 MiB append limit. */
const large = () => ({
  version: 3,
  revision: 2000,
  hash: randomUUID(),
  body: JSON.stringify({ cards: Array.from({ length: 17_000 }, (_, i) => ({ id: `c${i}`, zone: 'deck@p1', note: 'é"\\\n' })) }),
});

/** Part of the EventStore contract: stored snapshots are kept beside the log, never in it. */
export const snapshotContract = (store: () => EventStore, mark: () => Promise<number>) =>
  describe('writeSnapshot and readSnapshot', () => {
    it('keeps the latest snapshot under each key, as it was given; an unknown key reads as undefined', async () => {
      const [key, other] = [`match-${randomUUID()}`, `match-${randomUUID()}`];
      expect(await store().readSnapshot(key)).toBeUndefined();
      await store().writeSnapshot(key, { revision: 1000, body: '{"a":1}' });
      await store().writeSnapshot(other, { revision: 7 });
      await store().writeSnapshot(key, { revision: 2000, body: '{"a":2}' });
      expect(await store().readSnapshot(key)).toStrictEqual({ revision: 2000, body: '{"a":2}' });
      expect(await store().readSnapshot(other)).toStrictEqual({ revision: 7 });
    });

    it('keeps a snapshot larger than 1 MiB whole', async () => {
      const key = `match-${randomUUID()}`;
      const snapshot = large();
      expect(JSON.stringify(snapshot).length).toBeGreaterThan(1024 * 1024);
      await store().writeSnapshot(key, snapshot);
      expect(await store().readSnapshot(key)).toStrictEqual(snapshot);
    });

    it('puts nothing in the log: no position taken, nothing read by readAll or delivered to a subscriber', async () => {
      const after = await mark();
      const received: StoredEvent[] = [];
      const subscription = store().subscribeAll(after, (e) => void received.push(e));
      await store().writeSnapshot(`match-${randomUUID()}`, large());
      expect(await store().headPosition()).toBe(after);
      expect(await store().readAll(after, 100)).toEqual([]);
      const next = await mark();
      await waitFor(() => received.length >= 1);
      await subscription.close();
      expect(received.map((e) => e.position)).toEqual([next]);
    });
  });

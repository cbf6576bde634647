import { ANY, DeadlineExceededError, NO_STREAM, UnavailableError } from '@eventstore/db-client';
import { AppendTooLarge, EventToAppend, StoreTimeout, StoreUnavailable, StoredEvent, appendInChunks } from '@matchlog/store';
import { EventStoreDbEventStore, STREAM_PREFIX } from '@matchlog/store/eventstoredb';
import { EsdbDouble } from './support/esdb-double';

const event = (id: string, padding = 0): EventToAppend => ({ id, type: 'CardMoved', data: { id, padding: 'x'.repeat(padding) } });
const events = (count: number, prefix = 'e', padding = 0) => Array.from({ length: count }, (_, i) => event(`${prefix}${i + 1}`, padding));

const rejectionOf = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => Promise.reject(new Error('expected a rejection')),
    (error: unknown) => error,
  );

/** Subscribes, and resolves with what was delivered once onFailure is called. */
const untilFailure = (store: EventStoreDbEventStore, after: number, delivered: StoredEvent[] = []) =>
  new Promise<{ error: unknown; delivered: StoredEvent[] }>((resolve) =>
    store.subscribeAll(
      after,
      (e) => void delivered.push(e),
      (error) => resolve({ error, delivered }),
    ),
  );

describe('EventStoreDbEventStore fault paths (client double)', () => {
  let double: EsdbDouble;
  let store: EventStoreDbEventStore;
  beforeEach(() => {
    double = new EsdbDouble();
    store = new EventStoreDbEventStore(double);
  });
  afterEach(() => store.close());

  describe('maps the client errors to the storage errors the API answers with (docs/reference/errors.md)', () => {
    it.each([
      ['unavailable', () => new UnavailableError(undefined, 'UNAVAILABLE: No connection established'), StoreUnavailable],
      ['deadline exceeded', () => new DeadlineExceededError(undefined, 'DEADLINE_EXCEEDED'), StoreTimeout],
    ])('%s, on every call, the end of a subscription included', async (_, error, mapped) => {
      double.failNext('appendToStream', error());
      double.failNext('readStream', error(), 2);
      double.failNext('readAll', error());
      double.failNext('subscribeToAll', error());
      const calls = [store.append('m1', 0, [event('a')]), store.readStream('m1'), store.revisionOf('m1'), store.readAll(0, 10)];
      for (const call of calls) expect(await rejectionOf(call)).toBeInstanceOf(mapped);
      expect((await untilFailure(store, 0)).error).toBeInstanceOf(mapped);
    });

    it("an append over the server's size limit: AppendTooLarge with the limit, and nothing written", async () => {
      double.maxAppendSize = 4096;
      const error = await rejectionOf(store.append('m1', 0, events(10, 'e', 500)));
      expect(error).toBeInstanceOf(AppendTooLarge);
      expect(error).toMatchObject({ code: 'APPEND_TOO_LARGE', maxBytes: 4096 });
      expect(await store.revisionOf('m1')).toBe(0);
    });

    it('leaves other errors alone', async () => {
      double.failNext('readStream', new Error('something else'));
      await expect(store.revisionOf('m1')).rejects.toThrow('something else');
    });
  });

  describe('the subscription never dies silently', () => {
    it('an error mid-stream: the events before it are delivered, then onFailure', async () => {
      await store.append('m1', 0, events(3));
      const delivered: StoredEvent[] = [];
      const failed = untilFailure(store, 0, delivered);
      await new Promise<void>((resolve) => store.subscribeAll(0, (e) => void (e.revision === 3 && resolve())));
      double.breakSubscriptions(new UnavailableError(undefined, 'UNAVAILABLE: connection reset'));
      const { error } = await failed;
      expect(error).toBeInstanceOf(StoreUnavailable);
      expect(delivered.map((e) => e.id)).toEqual(['e1', 'e2', 'e3']);
    });

    it('a stream that ends without an error (the server closed it) is a failure too', async () => {
      await store.append('m1', 0, events(2));
      let caughtUp: () => void = () => undefined;
      const delivered = new Promise<void>((resolve) => (caughtUp = resolve));
      const failed = new Promise((resolve) => store.subscribeAll(0, (e) => void (e.revision === 2 && caughtUp()), resolve));
      await delivered;
      double.breakSubscriptions();
      expect(await failed).toBeInstanceOf(StoreUnavailable);
    });

    it('asks the server for matchlog streams only, and never hands on anything else', async () => {
      double.appendForeign('$stats-127.0.0.1:2113');
      double.appendForeign('billing-42');
      await store.append('m1', 0, events(1));
      const delivered: StoredEvent[] = [];
      await new Promise<void>((resolve) => store.subscribeAll(0, (e) => void (delivered.push(e), resolve())));
      expect(double.subscriptions[0].filter).toMatchObject({ filterOn: 'streamName', prefixes: [STREAM_PREFIX] });
      expect(delivered.map((e) => e.streamId)).toEqual(['m1']);
      expect((await store.readAll(0, 10)).map((e) => e.streamId)).toEqual(['m1']);
    });
  });

  describe("idempotency as strong as SQLite's: never the ANY expected revision", () => {
    it("'any' is sent as the exact revision it resolves to, and a retried 'any' batch answers its first result, even after later appends", async () => {
      const first = await store.append('m1', 'any', events(2, 'a'));
      const second = await store.append('m1', 'any', events(1, 'b'));
      await store.append('m1', 3, events(1, 'c'));

      expect(await store.append('m1', 'any', events(2, 'a'))).toEqual(first);
      expect(await store.append('m1', 'any', events(1, 'b'))).toEqual(second);
      expect((await store.readStream('m1')).map((e) => e.id)).toEqual(['a1', 'a2', 'b1', 'c1']);
      expect(double.appends.map((a) => a.expectedRevision)).toEqual([NO_STREAM, 1n, 2n]);
      expect(double.appends.map((a) => a.expectedRevision)).not.toContain(ANY);
    });

    it('a retry at the same place with another type or data is refused as DuplicateEventId, as SQLite refuses it; the same events answer their first result', async () => {
      const first = await store.append('m1', 0, events(2, 'a'));
      const changed = [event('a1'), { ...event('a2'), data: { other: true } }];
      await expect(store.append('m1', 0, changed)).rejects.toMatchObject({ code: 'DUPLICATE_EVENT_ID', eventId: 'a2' });
      await expect(store.append('m1', 0, [{ ...event('a1'), type: 'CardRevealed' }, event('a2')])).rejects.toMatchObject({ code: 'DUPLICATE_EVENT_ID', eventId: 'a1' });
      // meta is the recorder's stamp (recordedAt), new on every retry: not part of the comparison, as in SQLite
      expect(
        await store.append(
          'm1',
          0,
          events(2, 'a').map((e) => ({ ...e, meta: { recordedAt: 'later' } })),
        ),
      ).toEqual(first);
      expect((await store.readStream('m1')).map((e) => e.data)).toEqual(events(2, 'a').map((e) => e.data));
    });

    it("an 'any' batch that is only partly in the stream is refused as DuplicateEventId, and writes nothing", async () => {
      await store.append('m1', 0, events(1, 'a'));
      await expect(store.append('m1', 'any', events(2, 'a'))).rejects.toMatchObject({ code: 'DUPLICATE_EVENT_ID', eventId: 'a1' });
      expect(await store.revisionOf('m1')).toBe(1);
    });
  });

  describe('an append larger than the server takes, split for an import (appendInChunks)', () => {
    const match = events(20_000, 'ev', 40);

    it('a 20,000-event match goes in chunks under the limit, each at the revision the previous one returned', async () => {
      const result = await appendInChunks(store, 'big', 0, match);

      expect(result).toEqual({ revision: 20_000, position: expect.any(Number) });
      expect((await store.readStream('big')).map((e) => e.id)).toEqual(match.map((e) => e.id));
      const [whole, ...chunks] = double.appends;
      expect(whole).toMatchObject({ expectedRevision: NO_STREAM, count: 20_000 });
      expect(chunks.length).toBeGreaterThan(1);
      for (const chunk of chunks) expect(chunk.bytes).toBeLessThanOrEqual(double.maxAppendSize);
      let revision = 0;
      for (const chunk of chunks) {
        expect(chunk.expectedRevision).toBe(revision === 0 ? NO_STREAM : BigInt(revision - 1));
        revision += chunk.count;
      }
      expect(revision).toBe(20_000);
    });

    it('cut between chunks, it leaves whole chunks only, and the same call again completes it with nothing twice', async () => {
      const real = double.appendToStream.bind(double);
      let calls = 0;
      double.appendToStream = (...args) => (++calls === 4 ? Promise.reject(new UnavailableError(undefined, 'UNAVAILABLE')) : real(...args));

      expect(await rejectionOf(appendInChunks(store, 'big', 0, match))).toBeInstanceOf(StoreUnavailable);
      const cut = await store.readStream('big');
      expect(cut.length).toBe(double.appends[1].count + double.appends[2].count);
      expect(cut.map((e) => e.id)).toEqual(match.slice(0, cut.length).map((e) => e.id));

      expect(await appendInChunks(store, 'big', 0, match)).toEqual({ revision: 20_000, position: expect.any(Number) });
      expect((await store.readStream('big')).map((e) => e.id)).toEqual(match.map((e) => e.id));
    });

    it('a single event over the limit is refused (413), not split', async () => {
      double.maxAppendSize = 1000;
      await expect(appendInChunks(store, 'm1', 0, [event('huge', 5000)])).rejects.toBeInstanceOf(AppendTooLarge);
    });
  });
});

import { EventStoreDBClient, StreamNotFoundError, WrongExpectedVersionError } from '@eventstore/db-client';
import { EventStoreDbEventStore, STORE_ID_STREAM } from '@matchlog/store/eventstoredb';

/** A client double holding one stream in memory: the store-identity stream, which other instances may write first. */
const serverWith = (written: { storeId: string }[], { otherInstanceFirst }: { otherInstanceFirst?: string } = {}) => {
  const appends: unknown[] = [];
  const client = {
    readStream: (stream: string) => {
      expect(stream).toBe(STORE_ID_STREAM);
      const events = [...written];
      return (async function* () {
        if (events.length === 0) throw new StreamNotFoundError(undefined, stream);
        for (const data of events) yield { event: { data } };
      })();
    },
    appendToStream: async (stream: string, event: { data: { storeId: string } }, options: unknown) => {
      appends.push({ stream, event, options });
      if (otherInstanceFirst !== undefined && written.length === 0) {
        written.push({ storeId: otherInstanceFirst });
        throw new WrongExpectedVersionError(undefined, { streamName: stream, expected: 'no_stream', current: BigInt(0) } as never);
      }
      written.push(event.data);
    },
    dispose: async () => undefined,
  } as unknown as EventStoreDBClient;
  return { client, appends };
};

describe('EventStoreDbEventStore.storeId', () => {
  it('reads the id another instance made, and writes nothing', async () => {
    const { client, appends } = serverWith([{ storeId: 'the-first' }]);
    expect(await new EventStoreDbEventStore(client).storeId()).toBe('the-first');
    expect(appends).toEqual([]);
  });

  it('makes one where there is none, only if the stream still does not exist, and keeps to it', async () => {
    const { client, appends } = serverWith([]);
    const store = new EventStoreDbEventStore(client);
    const id = await store.storeId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await store.storeId()).toBe(id);
    expect(await new EventStoreDbEventStore(client).storeId()).toBe(id);
    expect(appends).toEqual([{ stream: STORE_ID_STREAM, event: expect.objectContaining({ type: 'StoreIdentified' }), options: { expectedRevision: 'no_stream' } }]);
  });

  it('takes the id of an instance that wrote its own first', async () => {
    const { client } = serverWith([], { otherInstanceFirst: 'the-winner' });
    expect(await new EventStoreDbEventStore(client).storeId()).toBe('the-winner');
  });
});

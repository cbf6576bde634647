import { PostgresEventStore } from '@matchlog/store';
import { Client } from 'pg';
import { TestDatabase, createTestDatabase } from '@matchlog/testkit';
import { eventStoreContract } from './event-store.contract';

let database: TestDatabase | undefined;
const testDatabase = async () => (database ??= await createTestDatabase());

eventStoreContract(
  'PostgresEventStore',
  async () => PostgresEventStore.open((await testDatabase()).url),
  () => database?.drop(),
);

describe('PostgresEventStore.storeId', () => {
  it('is one id for every instance on a database, made once; another database has another', async () => {
    const [shared, other] = [await createTestDatabase(), await createTestDatabase()];
    const [a, b] = await Promise.all([PostgresEventStore.open(shared.url), PostgresEventStore.open(shared.url)]);
    const id = await a.storeId();
    expect(await b.storeId()).toBe(id);
    await a.close();
    const again = await PostgresEventStore.open(shared.url);
    expect(await again.storeId()).toBe(id);
    const elsewhere = await PostgresEventStore.open(other.url);
    expect(await elsewhere.storeId()).not.toBe(id);
    for (const store of [b, again, elsewhere]) await store.close();
    await shared.drop();
    await other.drop();
  });
});

describe('PostgresEventStore on a database made when event ids were unique across the store', () => {
  it('makes them unique per stream on open: its events kept, an id of another stream accepted, one of the same stream refused', async () => {
    const old = await createTestDatabase();
    const raw = new Client({ connectionString: old.url });
    await raw.connect();
    const first = await PostgresEventStore.open(old.url);
    const { position } = await first.append('m1', 0, [{ id: 'a', type: 'CardMoved', data: { n: 1 } }]);
    await first.close();
    // the constraint such a database has, in place of the index made now
    await raw.query('DROP INDEX events_event_id_stream_id; ALTER TABLE events ADD CONSTRAINT events_event_id_key UNIQUE (event_id)');

    const store = await PostgresEventStore.open(old.url);
    const constraints = await raw.query<{ name: string }>("SELECT indexname AS name FROM pg_indexes WHERE tablename = 'events' ORDER BY indexname");
    expect(constraints.rows.map((r) => r.name)).toEqual(['events_event_id_stream_id', 'events_pkey', 'events_stream_id_revision_key']);
    expect(await store.findEvent('a')).toMatchObject({ streamId: 'm1', revision: 1, position });
    expect(await store.append('m2', 0, [{ id: 'a', type: 'CardMoved', data: { n: 2 } }])).toEqual({ revision: 1, position: position + 1 });
    await expect(store.append('m1', 1, [{ id: 'a', type: 'CardMoved', data: { n: 3 } }])).rejects.toMatchObject({ code: 'DUPLICATE_EVENT_ID', eventId: 'a' });
    await store.close();
    // and opened again, as every instance's start does, it changes nothing more
    await (await PostgresEventStore.open(old.url)).close();
    expect((await raw.query("SELECT indexname FROM pg_indexes WHERE tablename = 'events'")).rowCount).toBe(3);
    await raw.end();
    await old.drop();
  });
});

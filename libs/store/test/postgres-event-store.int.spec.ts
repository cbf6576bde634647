import { PostgresEventStore } from '@matchlog/store';
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

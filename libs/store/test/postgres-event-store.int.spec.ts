import { PostgresEventStore } from '@matchlog/store';
import { TestDatabase, createTestDatabase } from '../../../test/support/postgres';
import { eventStoreContract } from './event-store.contract';

let database: TestDatabase | undefined;
const testDatabase = async () => (database ??= await createTestDatabase());

eventStoreContract('PostgresEventStore', async () => PostgresEventStore.open((await testDatabase()).url), () => database?.drop());

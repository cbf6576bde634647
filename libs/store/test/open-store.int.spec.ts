import { EventStore, PostgresEventStore, SqliteEventStore, openEventStore } from '@matchlog/store';
import { EventStoreDbEventStore } from '@matchlog/store/eventstoredb';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '@matchlog/testkit';

describe('openEventStore', () => {
  const base = mkdtempSync(join(tmpdir(), 'matchlog-open-'));
  let store: EventStore | undefined;
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('opens SQLite in the data directory, as events.sqlite', async () => {
    const dataDir = join(base, 'nested', 'data');
    store = await openEventStore({ kind: 'sqlite', dataDir });
    expect(store).toBeInstanceOf(SqliteEventStore);
    await store.append('m1', 0, [{ id: 'a', type: 'CardMoved', data: {} }]);
    expect(existsSync(join(dataDir, 'events.sqlite'))).toBe(true);
  });

  it('opens EventStoreDB at its connection string', async () => {
    store = await openEventStore({ kind: 'eventstoredb', connectionString: 'esdb://localhost:2113?tls=false' });
    expect(store).toBeInstanceOf(EventStoreDbEventStore);
  });

  it('opens PostgreSQL at its URL', async () => {
    const database = await createTestDatabase();
    try {
      store = await openEventStore({ kind: 'postgres', url: database.url });
      expect(store).toBeInstanceOf(PostgresEventStore);
      expect(await store.append('m1', 0, [{ id: 'a', type: 'CardMoved', data: {} }])).toEqual({ revision: 1, position: 1 });
    } finally {
      await store?.close();
      store = undefined;
      await database.drop();
    }
  });
});

import { EventStore, PostgresEventStore, SqliteEventStore, openEventStore } from '@matchlog/store';
import { EventStoreDbEventStore } from '@matchlog/store/eventstoredb-event-store';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '../../../test/support/postgres';

describe('openEventStore', () => {
  const base = mkdtempSync(join(tmpdir(), 'matchlog-open-'));
  let store: EventStore | undefined;
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('opens SQLite by default, in MATCHLOG_DATA_DIR/events.sqlite', async () => {
    const dataDir = join(base, 'nested', 'data');
    store = await openEventStore({ MATCHLOG_DATA_DIR: dataDir });
    expect(store).toBeInstanceOf(SqliteEventStore);
    await store.append('m1', 0, [{ id: 'a', type: 'CardMoved', data: {} }]);
    expect(existsSync(join(dataDir, 'events.sqlite'))).toBe(true);
  });

  it('opens EventStoreDB when MATCHLOG_STORE=eventstoredb, and names the variable it lacks', async () => {
    await expect(openEventStore({ MATCHLOG_STORE: 'eventstoredb' })).rejects.toThrow('EVENTSTORE_CONNECTION_STRING');
    store = await openEventStore({ MATCHLOG_STORE: 'eventstoredb', EVENTSTORE_CONNECTION_STRING: 'esdb://localhost:2113?tls=false' });
    expect(store).toBeInstanceOf(EventStoreDbEventStore);
  });

  it('opens PostgreSQL when MATCHLOG_STORE=postgres, at MATCHLOG_DATABASE_URL, and names the variable it lacks', async () => {
    await expect(openEventStore({ MATCHLOG_STORE: 'postgres' })).rejects.toThrow('MATCHLOG_DATABASE_URL');
    const database = await createTestDatabase();
    try {
      store = await openEventStore({ MATCHLOG_STORE: 'postgres', MATCHLOG_DATABASE_URL: database.url });
      expect(store).toBeInstanceOf(PostgresEventStore);
      expect(await store.append('m1', 0, [{ id: 'a', type: 'CardMoved', data: {} }])).toEqual({ revision: 1, position: 1 });
    } finally {
      await store?.close();
      store = undefined;
      await database.drop();
    }
  });

  it('refuses a store it does not know', async () => {
    await expect(openEventStore({ MATCHLOG_STORE: 'mysql' })).rejects.toThrow('MATCHLOG_STORE must be sqlite, postgres or eventstoredb, not mysql');
  });
});

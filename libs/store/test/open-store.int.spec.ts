import { EventStore, SqliteEventStore, openEventStore } from '@matchlog/store';
import { EventStoreDbEventStore } from '@matchlog/store/eventstoredb-event-store';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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

  it('refuses a store it does not know', async () => {
    await expect(openEventStore({ MATCHLOG_STORE: 'postgres' })).rejects.toThrow('MATCHLOG_STORE must be sqlite or eventstoredb, not postgres');
  });
});

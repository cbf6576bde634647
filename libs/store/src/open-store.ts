import { EventStore } from './event-store';
import { PostgresEventStore } from './postgres-event-store';
import { openSqliteEventStore } from './sqlite-event-store';

/**
 * The event store the environment names:
 * - `MATCHLOG_STORE`: `sqlite` (the default), `postgres` or `eventstoredb`;
 * - `MATCHLOG_DATA_DIR`: where SQLite keeps `events.sqlite` (default `./data`);
 * - `MATCHLOG_DATABASE_URL`: the PostgreSQL database (postgres://user:password@host:port/name), required for `postgres`;
 * - `EVENTSTORE_CONNECTION_STRING`: the server, required for `eventstoredb`.
 */
export const openEventStore = async (env: NodeJS.ProcessEnv = process.env): Promise<EventStore> => {
  const kind = env.MATCHLOG_STORE || 'sqlite';
  switch (kind) {
    case 'sqlite':
      return openSqliteEventStore(env.MATCHLOG_DATA_DIR || './data');
    case 'postgres':
      if (!env.MATCHLOG_DATABASE_URL) throw new Error('MATCHLOG_STORE=postgres needs MATCHLOG_DATABASE_URL (e.g. postgres://matchlog:secret@localhost:5432/matchlog)');
      return PostgresEventStore.open(env.MATCHLOG_DATABASE_URL);
    case 'eventstoredb': {
      const connectionString = env.EVENTSTORE_CONNECTION_STRING;
      if (!connectionString) {
        throw new Error('MATCHLOG_STORE=eventstoredb needs EVENTSTORE_CONNECTION_STRING (e.g. esdb://localhost:2113?tls=false)');
      }
      // loaded only when chosen: the gRPC client is heavy, and the embedded default does not need it
      const { EventStoreDbEventStore } = await import('./eventstoredb-event-store');
      return EventStoreDbEventStore.connect(connectionString);
    }
    default:
      throw new Error(`MATCHLOG_STORE must be sqlite, postgres or eventstoredb, not ${kind}`);
  }
};

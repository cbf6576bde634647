import { EventStore } from './event-store';
import { PostgresEventStore } from './postgres-event-store';
import { openSqliteEventStore } from './sqlite/sqlite-event-store';

/** Where the events are: what the application's configuration, parsed once from the environment, names. */
export type StoreLocation =
  | { readonly kind: 'sqlite'; readonly dataDir: string }
  | { readonly kind: 'postgres'; readonly url: string }
  | { readonly kind: 'eventstoredb'; readonly connectionString: string };

/** Opens the event store at `location`: SQLite's `events.sqlite` in the data directory, a PostgreSQL database, or an EventStoreDB server. */
export const openEventStore = async (location: StoreLocation): Promise<EventStore> => {
  switch (location.kind) {
    case 'sqlite':
      return openSqliteEventStore(location.dataDir);
    case 'postgres':
      return PostgresEventStore.open(location.url);
    case 'eventstoredb': {
      // loaded only when chosen: the gRPC client is heavy, and the embedded default does not need it
      const { EventStoreDbEventStore } = await import('./eventstoredb');
      return EventStoreDbEventStore.connect(location.connectionString);
    }
  }
};

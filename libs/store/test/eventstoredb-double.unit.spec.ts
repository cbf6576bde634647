import { EventStoreDbEventStore } from '@matchlog/store/eventstoredb';
import { eventStoreContract } from './event-store.contract';
import { EsdbDouble } from './support/esdb-double';

// the adapter's own logic (revisions, positions, idempotency, 'any', filtering, subscriptions) on every
// run, against a double with the server's rules; against a real server: eventstoredb-event-store.int.spec.ts
eventStoreContract('EventStoreDbEventStore on a client double', async () => new EventStoreDbEventStore(new EsdbDouble()), undefined, { reusedIdsDetected: false });

import { EventStoreDbEventStore, esdbEventId } from '@matchlog/store/eventstoredb';
import { eventStoreContract } from './event-store.contract';

const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;

if (connectionString) {
  eventStoreContract('EventStoreDbEventStore', async () => EventStoreDbEventStore.connect(connectionString), undefined, { reusedIdsDetected: false });
} else {
  describe.skip(
    "EventStoreDbEventStore contract on a real server: skipped, no EventStoreDB server can run on this project's CI machines (no Docker); " +
      'the same contract runs on the client double in eventstoredb-double.unit.spec.ts. To run it on a server: `docker compose up -d kurrentdb`, then ' +
      '`EVENTSTORE_CONNECTION_STRING=esdb://localhost:2113?tls=false npx jest libs/store/test/eventstoredb-event-store.int.spec.ts`',
    () => {
      it('needs EVENTSTORE_CONNECTION_STRING', () => undefined);
    },
  );
}

describe('EventStoreDB event ids', () => {
  it('keeps lower-case UUIDs and maps any other id to a stable, distinct UUIDv5', () => {
    const uuid = '0b6f3c3e-7c0e-4c1e-9a55-6f1f0d5d2a10';
    const mapped = ['table-12/event-0001', 'E', 'e', uuid.toUpperCase()].map(esdbEventId);

    expect(esdbEventId(uuid)).toBe(uuid);
    expect(new Set([uuid, ...mapped]).size).toBe(5);
    for (const id of mapped) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // the `uuid` package's v5('table-12/event-0001', '974c53c4-6bc0-4648-8651-cef5caf7d312') gives the same
    expect(mapped[0]).toBe('05549995-2dcd-5c00-b44d-50463667dc77');
  });
});

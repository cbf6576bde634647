import { EventStore, StoredEvent } from '@matchlog/store';
import { Transaction } from 'kysely';
import { CatalogTables } from '../catalog-schema';

/**
 * A read model the projector keeps (as an Emmett processor's projection): its row in `checkpoints` is
 * its name; the projector owns the queue, the checkpoint, retries and skipping.
 */
export interface Projection<Read = unknown> {
  readonly name: string;
  /** What the batch needs from the store, read before its write transaction (which it would hold open otherwise). */
  read?(store: EventStore, events: readonly StoredEvent[]): Promise<Read>;
  /** Applies `events` (after the checkpoint, in order) in the transaction that moves the checkpoint past them; `read` is what read gave for a batch holding them. */
  apply(trx: Transaction<CatalogTables>, events: readonly StoredEvent[], read: Read | undefined): Promise<void>;
  /** Empties the read model (its checkpoint is set by the projector). */
  truncate(trx: Transaction<CatalogTables>): Promise<void>;
}

/** An event whose data a projection cannot read (written past the domain's validation): no retry mends it. */
export class UnappliableEvent extends Error {
  constructor(
    readonly event: StoredEvent,
    override readonly cause: unknown,
    projection = 'catalog',
  ) {
    super(`the ${projection} cannot read event ${event.position} (${event.type} of ${event.streamId}): ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = cause instanceof Error ? cause.name : 'UnappliableEvent';
  }
}

/**
 * Only a projection's own reading of an event's data decides that the event cannot be applied: a
 * failure of the database (out of reach, full, locked, refusing a row) or of the store is retried and never skipped.
 */
export const isUnappliable = (error: unknown): error is UnappliableEvent => error instanceof UnappliableEvent;

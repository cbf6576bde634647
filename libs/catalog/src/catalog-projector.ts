import { EventStore, RetryDelays, isStorageError } from '@matchlog/store';
import { catalogProjection } from './catalog-projection';
import { CatalogDb } from './open-catalog';
import { PROJECTION_QUEUE_BOUND, PROJECTION_RETRY, Projector } from './projector';

export type { RetryDelays };

/** The catalog's retry delays: 250 ms, doubling up to 2 s (PROJECTION_RETRY, every projection's). */
export const CATALOG_RETRY: RetryDelays = PROJECTION_RETRY;

/**
 * The most events the projector holds while the catalog is behind: past it, it notes only how far the log
 * went, and reads those events from the store when the catalog is ready for them. A MatchCreated holds
 * its whole deck, a few KB: an unbounded queue held every event of a fill the catalog lagged behind.
 */
export const CATALOG_QUEUE_BOUND = PROJECTION_QUEUE_BOUND;

/**
 * Keeps the catalog up to date: the projector (projector/projector.ts) running the catalog's projection, a
 * processor of the instance's log consumer, which the application's root builds with it
 * (apps/api/src/compose-parts.ts); `start` starts that consumer at the catalog's checkpoint.
 */
export class CatalogProjector extends Projector<void> {
  constructor(
    db: CatalogDb,
    store: EventStore,
    onError: (error: unknown) => void = (error) => console.error('catalog: a batch failed, and will be retried:', isStorageError(error) ? error.report : error),
    retry: RetryDelays = CATALOG_RETRY,
    log: (line: string) => void = console.warn,
    queueBound = CATALOG_QUEUE_BOUND,
  ) {
    super(db, store, catalogProjection, { onError, retry, log, queueBound });
  }
}

import { EventStore, isStorageError } from '@matchlog/store';
import { CatalogDb } from '../open-catalog';
import { PROJECTION_QUEUE_BOUND, Projector } from '../projector';
import { StatsChange, statsProjection } from './stats-projection';

/** The most events held while the statistics are behind: past it, what the consumer delivers is read again from the log. */
export const STATS_QUEUE_BOUND = PROJECTION_QUEUE_BOUND;

/**
 * Keeps the statistics (stats-projection.ts) up to date: the projector (projector/projector.ts) running the
 * statistics' projection, a processor of the instance's one log consumer, with its own checkpoint in the
 * read models' database. On start it first reads the log from its own checkpoint up to where the consumer
 * is (it may be behind the catalog, where the consumer starts). `rebuild` returns the events read.
 */
export class StatsProjector extends Projector<StatsChange[]> {
  constructor(
    db: CatalogDb,
    store: EventStore,
    onError: (error: unknown) => void = (error) => console.error('stats: a batch failed, and will be retried:', isStorageError(error) ? error.report : error),
    queueBound = STATS_QUEUE_BOUND,
  ) {
    super(db, store, statsProjection, { onError, queueBound });
  }
}

import { CatalogDb, CatalogProjector } from '@matchlog/catalog';
import { EventStore, LogConsumer, RetryDelays } from '@matchlog/store';

/**
 * A catalog projector in a log consumer of its own, as apps/api/src/compose-parts.ts composes them; the
 * consumer is given the projector's error handler, retry delays and log.
 */
export const projectorOn = (db: CatalogDb, store: EventStore, onError?: (error: unknown) => void, retry?: RetryDelays, log?: (line: string) => void): CatalogProjector => {
  const projector = new CatalogProjector(db, store, onError, retry, log);
  new LogConsumer(store, { processors: [projector], onError, retry, log });
  return projector;
};

import { CatalogDb, CatalogFeeder } from '@matchlog/catalog';
import { EventStore, LogConsumer, RetryDelays } from '@matchlog/store';

/**
 * A catalog feeder in a log consumer of its own, as apps/api/src/open-parts.ts composes them; the
 * consumer is given the feeder's error handler, retry delays and log.
 */
export const feederOn = (db: CatalogDb, store: EventStore, onError?: (error: unknown) => void, retry?: RetryDelays, log?: (line: string) => void): CatalogFeeder => {
  const feeder = new CatalogFeeder(db, store, onError, retry, log);
  new LogConsumer(store, { processors: [feeder], onError, retry, log });
  return feeder;
};

import { CatalogLag } from '@matchlog/catalog';
import { EventStore, SkippedEvent, StoreTimeout, StoreUnavailable, isStorageError } from '@matchlog/store';

export interface Readiness {
  readonly ready: boolean;
  /** why not ready, one sentence each (never a file name: anyone may ask) */
  readonly reasons: string[];
  readonly catalog: CatalogLag;
  /** the statistics' projection: how far it has read the log (it never makes the instance unready: statistics may lag, matches are served) */
  readonly stats?: CatalogLag;
  /**
   * events a projection could not apply, skipped so that the rest still flow (the latest 100 since the
   * instance started): they do not make the instance unready, a person looks. Anyone may ask, so only
   * where in the log and what failed: the match, its revision and the event's type are in the log line.
   */
  readonly skipped: readonly SkippedReport[];
}

export type SkippedReport = Pick<SkippedEvent, 'processor' | 'position' | 'error'>;

/**
 * What anyone may read of the readiness: whether, and why not, with no log position (the catalog's
 * position, its lag, a skipped event's position), which moves with every write anywhere, a re-issue of
 * tokens or an import included. The organizer key reads the whole Readiness.
 */
export interface ReadinessForAnyone {
  readonly ready: boolean;
  readonly reasons: string[];
  readonly skipped: readonly Pick<SkippedEvent, 'processor' | 'error'>[];
}

export const readinessForAnyone = ({ ready, reasons, skipped }: Readiness): ReadinessForAnyone => ({
  ready,
  reasons,
  skipped: skipped.map(({ processor, error }) => ({ processor, error })),
});

/** A stream no match has: reading its revision is the cheapest question every store answers. */
const PROBE_STREAM = 'readiness-probe';

/**
 * Ready to serve: the event store answers, and the catalog is not stuck behind the log (a failed batch
 * waiting for its retry). A catalog that is only a batch behind while it writes is ready.
 */
export const readinessOf = async (
  store: Pick<EventStore, 'revisionOf'>,
  projector: { lag(): CatalogLag },
  consumer: { readonly skipped: readonly SkippedEvent[] } = { skipped: [] },
  stats?: { lag(): CatalogLag },
  /** the instance listens while it catches up with the log at start (apps/api serve.ts): not ready until it has */
  start: { readonly caughtUp: boolean } = { caughtUp: true },
): Promise<Readiness> => {
  const reasons: string[] = start.caughtUp ? [] : ['the server is starting: it is catching up with the log'];
  try {
    await store.revisionOf(PROBE_STREAM);
  } catch (error) {
    reasons.push(
      error instanceof StoreUnavailable
        ? 'the event store cannot be reached'
        : error instanceof StoreTimeout
          ? 'the event store does not answer in time'
          : isStorageError(error)
            ? error.message
            : 'the event store fails to answer',
    );
  }
  const catalog = projector.lag();
  if (catalog.subscription === 'failed') {
    reasons.push(`the catalog does not follow the log: its subscription to the event store failed (${catalog.failure}); it is renewed with backoff`);
  } else if (catalog.failure !== undefined && catalog.behind > 0) {
    reasons.push(`the catalog is behind the log: its last write failed (${catalog.failure}); it is retried with backoff`);
  }
  return {
    ready: reasons.length === 0,
    reasons,
    catalog,
    ...(stats && { stats: stats.lag() }),
    skipped: consumer.skipped.map(({ processor, position, error }) => ({ processor, position, error })),
  };
};

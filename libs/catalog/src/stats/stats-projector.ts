import { EventStore, LogProcessor, PositionWaiters, StoredEvent, isStorageError } from '@matchlog/store';
import { CatalogLag } from '../catalog-projector';
import { Linger } from '../linger';
import { CatalogDb } from '../open-catalog';
import { applyChanges, changesOf, clearStats, lockStatsCheckpoint, moveStatsCheckpoint } from './stats-projection';

const BATCH = 500;
/** The most events held while the statistics are behind: past it, what the consumer delivers is dropped and read again from the log. */
export const STATS_QUEUE_BOUND = 2_000;

/**
 * Keeps the statistics (stats-projection.ts) up to date: a processor of the instance's one log consumer,
 * with its own checkpoint in the read models' database. Each batch and the checkpoint past it commit in one
 * transaction, under the checkpoint's row lock, so a restart resumes where it stopped, instances sharing a
 * PostgreSQL catalog apply each event once, and a replay changes nothing. On start it first reads the log
 * from its own checkpoint (it may be behind the catalog, where the consumer starts). A failed batch is
 * retried with backoff; the statistics can always be rebuilt from the log (`matchlog rebuild`). While behind,
 * it holds at most `queueBound` delivered events: past that it drops them and reads the log again from its
 * position, so a fill it cannot keep up with costs no memory per event.
 */
export class StatsProjector implements LogProcessor {
  readonly name = 'stats';
  private position = 0;
  private queued: StoredEvent[] = [];
  private draining: Promise<void> | null = null;
  private stopped = true;
  private storeId = '';
  private failures = 0;
  private failure: string | undefined;
  /** events delivered and dropped since the queue overflowed: read again from the log */
  private dropped = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly waiters = new PositionWaiters();
  private readonly linger = new Linger(() => this.drainQueued());

  constructor(
    private readonly db: CatalogDb,
    private readonly store: EventStore,
    private readonly onError: (error: unknown) => void = (error) => console.error('stats: a batch failed and will be retried:', isStorageError(error) ? error.report : error),
    private readonly queueBound = STATS_QUEUE_BOUND,
  ) {}

  /** How far the statistics have read the log, and how many events delivered wait (the organizer's /health/ready). */
  lag(): CatalogLag {
    const behind = this.queued.filter((event) => event.position > this.position).length + this.dropped;
    return { position: this.position, behind, ...(this.failure !== undefined && { failure: this.failure }) };
  }

  get caughtUpPosition(): number {
    return this.position;
  }

  /** Claims the checkpoint (emptied if it was another store's), reads the log up to its head, then follows what the consumer delivers. */
  async start(): Promise<void> {
    this.storeId = await this.store.storeId();
    this.position = await this.db.transaction().execute(async (trx) => {
      const checkpoint = await lockStatsCheckpoint(trx, this.storeId);
      if (checkpoint.storeId === this.storeId) return checkpoint.position;
      await clearStats(trx, this.storeId);
      return 0;
    });
    this.stopped = false;
    this.draining = this.catchUp().finally(() => {
      this.draining = null;
      this.drainQueued();
    });
    await this.draining;
  }

  handle(event: StoredEvent): void {
    if (this.stopped) return;
    if (this.dropped === 0 && this.queued.length < this.queueBound) this.queued.push(event);
    else {
      this.dropped += 1 + this.queued.length;
      this.queued = [];
    }
    if (this.retryTimer === null) this.linger.request();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    // what waits is read again from the log on the next start
    this.linger.cancel();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    await this.draining;
  }

  /** Resolves true once the statistics hold every event up to `position`, false after `timeoutMs`. */
  reached(position: number, timeoutMs: number): Promise<boolean> {
    if (this.position >= position) return Promise.resolve(true);
    return this.waiters.wait(position, timeoutMs);
  }

  /** Empties the statistics and folds the whole log into them again; returns the events read. The projector stays stopped. */
  async rebuild(): Promise<number> {
    await this.stop();
    this.storeId = await this.store.storeId();
    await this.db.transaction().execute((trx) => clearStats(trx, this.storeId));
    this.position = 0;
    let count = 0;
    for (let batch = await this.store.readAll(0, BATCH); batch.length > 0; batch = await this.store.readAll(this.position, BATCH)) {
      await this.write(batch);
      count += batch.length;
    }
    return count;
  }

  private async catchUp(): Promise<void> {
    this.dropped = 0;
    try {
      for (let batch = await this.store.readAll(this.position, BATCH); batch.length > 0 && !this.stopped; batch = await this.store.readAll(this.position, BATCH)) {
        await this.write(batch);
      }
    } catch (error) {
      this.failed(error);
    }
  }

  private drainQueued(): void {
    if (this.draining !== null || this.stopped) return;
    const next = this.dropped > 0 ? () => this.catchUp() : this.queued.length > 0 ? () => this.drain() : null;
    if (next === null) return;
    this.draining = next().finally(() => {
      this.draining = null;
      if (this.retryTimer === null) this.drainQueued();
    });
  }

  private async drain(): Promise<void> {
    while (this.queued.length > 0) {
      const batch = this.queued.filter((event) => event.position > this.position);
      this.queued = [];
      if (batch.length === 0) continue;
      try {
        await this.write(batch);
      } catch (error) {
        this.queued = [...batch.filter((event) => event.position > this.position), ...this.queued];
        this.failed(error);
        return;
      }
    }
  }

  private failed(error: unknown): void {
    this.failures++;
    this.failure = error instanceof Error ? error.message : String(error);
    this.onError(error);
    if (this.retryTimer || this.stopped) return;
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null;
        if (this.stopped) return;
        // whatever was missed is read again from the log
        if (this.draining === null)
          this.draining = this.catchUp().finally(() => {
            this.draining = null;
            this.drainQueued();
          });
      },
      Math.min(250 * 2 ** (this.failures - 1), 30_000),
    );
    this.retryTimer.unref();
  }

  /** One batch: its matches read from the store first, then written with the checkpoint in one transaction. */
  private async write(events: readonly StoredEvent[]): Promise<void> {
    const fresh = events.filter((event) => event.position > this.position);
    if (fresh.length === 0) return;
    const changes = await changesOf(this.store, fresh);
    const last = fresh[fresh.length - 1].position;
    const position = await this.db.transaction().execute(async (trx) => {
      const checkpoint = await lockStatsCheckpoint(trx, this.storeId);
      // another instance sharing the catalog got there first
      if (checkpoint.position >= last) return checkpoint.position;
      await applyChanges(
        trx,
        changes.filter((change) => change.position > checkpoint.position),
      );
      await moveStatsCheckpoint(trx, last, this.storeId);
      return last;
    });
    this.failures = 0;
    this.failure = undefined;
    if (position > this.position) {
      this.position = position;
      this.waiters.reached(position);
    }
  }
}

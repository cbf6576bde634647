import { EventStore, LogConsumer, LogProcessor, PositionWaiters, RetryDelays, StoredEvent, isStorageError } from '@matchlog/store';
import { checkpointOf, clearCatalog, lockCheckpoint, moveCheckpoint } from './catalog-checkpoint';
import { isUnappliable, projectBatch, projectIntoCatalog, skipInCatalog } from './catalog-projection';
import { CatalogDb } from './open-catalog';
import { Linger } from './linger';
import { isSharedCatalog } from './open-postgres-catalog';

export type { RetryDelays };

/**
 * A failed batch is retried after 250 ms, doubling up to 2 s: the catalog is back within about 2 s of its cause
 * (a full disk given space, PostgreSQL back), and readiness with it; one write every 2 s meanwhile costs nothing.
 */
export const CATALOG_RETRY: RetryDelays = { firstMs: 250, maxMs: 2_000 };

/** The wait before the retry after `failures` failures in a row. */
export const retryDelay = (failures: number, retry: RetryDelays): number => Math.min(retry.firstMs * 2 ** (failures - 1), retry.maxMs);

/**
 * The most events the projector holds while the catalog is behind: past it, it notes only how far the log
 * went, and reads those events from the store when the catalog is ready for them. A MatchCreated holds
 * its whole deck, a few KB: an unbounded queue held every event of a fill the catalog lagged behind.
 */
export const CATALOG_QUEUE_BOUND = 2_000;

/** The events delivered and not held: after `after`, up to `upTo`, `count` of them, to read from the store. */
interface Unheld {
  after: number;
  upTo: number;
  count: number;
}

/** How far the catalog is behind the log, as readiness reports it. */
export interface CatalogLag {
  /** the last log position the catalog holds */
  readonly position: number;
  /** events delivered from the log and not yet in the catalog */
  readonly behind: number;
  /** why the last batch failed, while it is being retried */
  readonly failure?: string;
  /** 'failed' while the subscription to the log has failed and waits for its renewal: the catalog does not follow the log meanwhile */
  readonly subscription?: 'failed';
}

/**
 * Keeps the catalog up to date: a processor of the instance's log consumer, which the application's
 * root builds with it (apps/api/src/open-parts.ts); `start` starts that consumer at the catalog's
 * checkpoint. Events delivered while a batch is being written wait and go into the next one; each batch and the checkpoint past its last event commit in
 * one transaction, so a restart resumes exactly where it stopped and a replay is idempotent. A failed
 * batch is retried on a timer with backoff, so the catalog catches up by itself once the cause is gone.
 *
 * A catalog on PostgreSQL is shared by every instance: each writes it, and a batch applies only the
 * events after the checkpoint it reads under a row lock (projectBatch), so none is applied twice.
 * The checkpoint names the event store it belongs to; a catalog from another store is emptied and
 * fed again from the start of this one.
 *
 * An event the catalog cannot apply (its data breaks the projection, not the database) is skipped:
 * the batch is written event by event, the checkpoint moves past that one, and the log consumer
 * records it for readiness. Any other failure is retried with backoff, never skipped.
 *
 * It holds at most `queueBound` events waiting: past that, the events delivered are read again from the
 * store, a page at a time, once the queue is written (so a catalog far behind costs no memory per event).
 */
export class CatalogProjector implements LogProcessor {
  readonly name = 'catalog';
  private position = 0;
  private queued: StoredEvent[] = [];
  /** the events delivered past the bound, to read from the store once the queue is written */
  private unheld: Unheld | null = null;
  /** the position of the last event delivered */
  private delivered = 0;
  private writing: readonly StoredEvent[] = [];
  private draining: Promise<void> | null = null;
  private readonly waiters = new PositionWaiters();
  private failures = 0;
  private failure: string | undefined;
  private failedWith: unknown;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = true;
  private readonly linger = new Linger(() => this.drainQueued());
  private storeId = '';
  /** the instance's one subscription to the log, which gives this its events and which other processors share */
  private consumerJoined: LogConsumer | undefined;
  /** whether other instances may move the checkpoint (a catalog on PostgreSQL), so it is worth reading */
  private readonly shared: boolean;

  constructor(
    private readonly db: CatalogDb,
    private readonly store: EventStore,
    private readonly onError: (error: unknown) => void = (error) =>
      console.error('catalog: a batch or the subscription failed, and will be retried:', isStorageError(error) ? error.report : error),
    private readonly retry: RetryDelays = CATALOG_RETRY,
    private readonly log: (line: string) => void = console.warn,
    private readonly queueBound = CATALOG_QUEUE_BOUND,
  ) {
    this.shared = isSharedCatalog(db);
  }

  joined(consumer: LogConsumer): void {
    this.consumerJoined = consumer;
  }

  /** The log consumer this is a processor of. */
  get consumer(): LogConsumer {
    if (!this.consumerJoined)
      throw new Error("catalog: the projector is no log consumer's processor: build the consumer with it (new LogConsumer(store, { processors: [projector] }))");
    return this.consumerJoined;
  }

  get caughtUpPosition(): number {
    return this.position;
  }

  /** Why the last batch failed (a StorageFull: the catalog's disk is full); undefined once a batch is written. */
  get lastFailure(): unknown {
    return this.failedWith;
  }

  lag(): CatalogLag {
    const behind = [...this.writing, ...this.queued].filter((event) => event.position > this.position).length + (this.unheld?.count ?? 0);
    return {
      position: this.position,
      behind,
      ...(this.failure !== undefined && { failure: this.failure }),
      ...(this.consumerJoined?.failed && { failure: this.failure ?? this.consumerJoined.failure, subscription: 'failed' as const }),
    };
  }

  /** Claims the checkpoint, then follows the log from there (the consumer starts at the catalog's position). */
  async start(): Promise<void> {
    const consumer = this.consumer;
    this.storeId = await this.store.storeId();
    this.position = await this.claim();
    this.stopped = false;
    this.delivered = this.position;
    consumer.start(this.position);
  }

  /** An event from the log. */
  handle(event: StoredEvent): void {
    if (this.stopped) return;
    if (this.unheld === null && this.queued.length < this.queueBound) this.queued.push(event);
    else {
      this.unheld ??= { after: this.delivered, upTo: event.position, count: 0 };
      this.unheld.upTo = event.position;
      this.unheld.count++;
    }
    this.delivered = event.position;
    // after a failure the queue waits for the retry timer: backoff, not a write per event delivered
    if (this.retryTimer === null) this.linger.request();
  }

  /** The checkpoint, the catalog emptied first if it was fed from another store (whichever instance sees that first does it). */
  private claim(): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const checkpoint = await lockCheckpoint(trx, this.storeId);
      if (checkpoint.storeId === this.storeId) return checkpoint.position;
      this.log(`catalog: it was fed from event store ${checkpoint.storeId ?? '(unnamed)'}, this instance's is ${this.storeId}: emptied, and fed again from the start of the log`);
      await clearCatalog(trx, this.storeId);
      return 0;
    });
  }

  /**
   * Resolves once the catalog holds every event up to `position`, whichever instance wrote it there,
   * or after `timeoutMs` regardless; at once while the subscription is down.
   */
  async caughtUpTo(position: number, timeoutMs = 2000): Promise<void> {
    if (this.consumerJoined?.failed) return;
    await this.reached(position, timeoutMs);
  }

  /** Whether the catalog holds every event up to `position` (whichever instance wrote it there) within `timeoutMs`. */
  reached(position: number, timeoutMs: number): Promise<boolean> {
    if (this.position >= position) return Promise.resolve(true);
    const reached = this.waiters.wait(position, timeoutMs);
    if (this.shared) void this.readSharedCheckpoint();
    return reached;
  }

  /** Another instance may have projected the events already: its checkpoint counts as ours. */
  private async readSharedCheckpoint(): Promise<void> {
    try {
      this.advanceTo(await checkpointOf(this.db));
    } catch {
      // our own batch reads it again, and reports a failure
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    await this.consumerJoined?.stop();
    this.linger.flush();
    await this.draining;
  }

  /**
   * Empties the catalog and replays the whole log into it, tokens included, in one transaction that
   * holds the checkpoint's lock: instances projecting into the same catalog meanwhile wait, then carry on
   * after it. The projector stays stopped.
   */
  async rebuild(): Promise<number> {
    await this.stop();
    this.storeId = await this.store.storeId();
    let count = 0;
    const position = await this.db.transaction().execute(async (trx) => {
      await lockCheckpoint(trx, this.storeId);
      await clearCatalog(trx, this.storeId);
      let last = 0;
      for (let batch = await this.store.readAll(0, 1000); batch.length > 0; batch = await this.store.readAll(last, 1000)) {
        await projectIntoCatalog(trx, batch);
        last = batch[batch.length - 1].position;
        count += batch.length;
      }
      await moveCheckpoint(trx, last, this.storeId);
      return last;
    });
    this.position = position;
    return count;
  }

  /**
   * Starts writing the queue unless a drain runs already. Never on an empty queue: drain() would end
   * before `draining` is set, which would then stay set, and nothing queued later would be written.
   */
  private drainQueued(): void {
    if (this.draining === null && (this.queued.length > 0 || this.unheld !== null)) this.draining = this.drain();
  }

  private async drain(): Promise<void> {
    try {
      while (this.queued.length > 0 || this.unheld !== null) {
        let batch = this.queued;
        this.queued = [];
        this.writing = batch;
        try {
          if (batch.length === 0) batch = this.writing = await this.readUnheld();
          if (batch.length === 0) continue;
          await this.write(batch).catch((error: unknown) => (isUnappliable(error) ? this.writeEach(batch) : Promise.reject(error)));
        } catch (error) {
          // the catalog can always be rebuilt from the log: keep what is left for the next attempt, never crash the server
          this.queued = [...batch.filter((event) => event.position > this.position), ...this.queued];
          this.failed(error);
          return;
        } finally {
          this.writing = [];
        }
      }
    } finally {
      this.draining = null;
    }
  }

  /** The next page of the events not held, read from the store (what is read is no longer counted as unheld). */
  private async readUnheld(): Promise<StoredEvent[]> {
    const unheld = this.unheld!;
    const page = (await this.store.readAll(unheld.after, Math.min(this.queueBound, unheld.count))).filter((event) => event.position <= unheld.upTo);
    unheld.after = page.at(-1)?.position ?? unheld.upTo;
    unheld.count -= page.length;
    if (unheld.after >= unheld.upTo || unheld.count <= 0) this.unheld = null;
    return page;
  }

  /** A batch one of whose events the catalog cannot apply: event by event, skipping each such one. */
  private async writeEach(batch: readonly StoredEvent[]): Promise<void> {
    for (const event of batch) {
      try {
        await this.write([event]);
      } catch (error) {
        if (!isUnappliable(error)) throw error;
        this.advanceTo(await skipInCatalog(this.db, this.storeId, event.position));
        this.consumer.skip(this.name, event, error);
      }
    }
  }

  private failed(error: unknown): void {
    this.failures++;
    this.failedWith = error;
    this.failure = typeof (error as { message?: unknown })?.message === 'string' ? (error as Error).message : String(error);
    this.retryLater();
    this.onError(error);
  }

  private retryLater(): void {
    if (this.retryTimer || this.stopped) return;
    const delay = retryDelay(this.failures, this.retry);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.stopped) return;
      this.drainQueued();
    }, delay);
    // a pending retry never keeps the process alive on its own
    this.retryTimer.unref();
  }

  private async write(events: readonly StoredEvent[]): Promise<void> {
    // all of it in the catalog already (another instance's checkpoint read meanwhile): nothing to lock
    if (events[events.length - 1].position > this.position) this.advanceTo(await projectBatch(this.db, this.storeId, events));
    this.failures = 0;
    this.failure = undefined;
    this.failedWith = undefined;
  }

  private advanceTo(position: number): void {
    if (position <= this.position) return;
    this.position = position;
    this.waiters.reached(position);
  }
}

import { EventStore, LogConsumer, LogProcessor, PositionWaiters, RetryDelays, StoredEvent, isStorageError } from '@matchlog/store';
import { CatalogDb } from '../open-catalog';
import { isSharedCatalog } from '../open-postgres-catalog';
import { Linger } from '../linger';
import { Backoff, PROJECTION_RETRY } from './backoff';
import { committedCheckpointOf } from './checkpoints';
import { claim, rebuildAll } from './claim-and-rebuild';
import { EventQueue } from './event-queue';
import { CatalogLag } from './projection-lag';
import { Projection } from './projection';
import { Writes, transactionOf, writeSkipping } from './projection-writes';

/** The most events a projector holds while behind: past it, it notes only how far the log went, and reads those events again from the store. */
export const PROJECTION_QUEUE_BOUND = 2_000;

export interface ProjectorOptions {
  /** told of each failed batch (it is retried) */
  readonly onError?: (error: unknown) => void;
  readonly retry?: RetryDelays;
  readonly log?: (line: string) => void;
  readonly queueBound?: number;
}

/**
 * The one projector runtime: keeps a projection (the catalog, the statistics) up to date as a processor of the
 * instance's log consumer. Events delivered while a batch is written wait for the next one (at most `queueBound`
 * of them held, EventQueue); each batch and the checkpoint past it commit in one transaction, so a restart
 * resumes where it stopped and a replay changes nothing. A failed batch is retried with backoff; an event the
 * projection cannot apply is skipped and reported (the consumer records it for readiness). On PostgreSQL the
 * read models are shared by every instance, and a checkpoint another one moved counts as this one's.
 */
export class Projector<Read = unknown> implements LogProcessor {
  readonly name: string;
  private position = 0;
  private storeId = '';
  private stopped = true;
  private draining: Promise<void> | null = null;
  private readonly queue: EventQueue;
  private readonly backoff: Backoff;
  private readonly waiters = new PositionWaiters();
  private readonly linger = new Linger(() => this.drainQueued());
  private readonly onError: (error: unknown) => void;
  private readonly log: (line: string) => void;
  private consumerJoined: LogConsumer | undefined;
  /** whether other instances may move the checkpoint (PostgreSQL), so it is worth reading */
  private readonly shared: boolean;
  /** what start waits for: the projection at `upTo`, or its first failure */
  private startRead: { readonly upTo: number; readonly done: () => void } | null = null;

  constructor(
    private readonly db: CatalogDb,
    private readonly store: EventStore,
    private readonly projection: Projection<Read>,
    options: ProjectorOptions = {},
  ) {
    this.name = projection.name;
    this.queue = new EventQueue(store, options.queueBound ?? PROJECTION_QUEUE_BOUND);
    this.backoff = new Backoff(options.retry ?? PROJECTION_RETRY);
    this.onError = options.onError ?? ((error) => console.error(`${this.name}: a batch failed, and will be retried:`, isStorageError(error) ? error.report : error));
    this.log = options.log ?? console.warn;
    this.shared = isSharedCatalog(db);
  }

  joined(consumer: LogConsumer): void {
    this.consumerJoined = consumer;
  }

  /** The log consumer this is a processor of. */
  get consumer(): LogConsumer {
    if (!this.consumerJoined)
      throw new Error(`${this.name}: the projector is no log consumer's processor: build the consumer with it (new LogConsumer(store, { processors: [projector] }))`);
    return this.consumerJoined;
  }

  get caughtUpPosition(): number {
    return this.position;
  }

  /** Why the last batch failed (a StorageFull: the catalog's disk is full); undefined once a batch is written. */
  get lastFailure(): unknown {
    return this.backoff.failedWith;
  }

  lag(): CatalogLag {
    const failure = this.backoff.failure;
    return {
      position: this.position,
      behind: this.queue.behind(this.position),
      ...(failure !== undefined && { failure }),
      ...(this.consumerJoined?.failed && { failure: failure ?? this.consumerJoined.failure, subscription: 'failed' as const }),
    };
  }

  /**
   * Claims the checkpoint and follows the log from there: it starts the consumer at it, or, when the consumer
   * runs already (another processor started it), reads what the consumer delivered before from the store,
   * and resolves once it has (or its first try failed: it is retried).
   */
  async start(): Promise<void> {
    const consumer = this.consumer;
    this.storeId = await this.store.storeId();
    this.position = await claim(this.db, this.writes(), this.log);
    this.stopped = false;
    consumer.start(this.position);
    const delivered = consumer.position;
    this.queue.startAfter(this.position, delivered);
    if (delivered <= this.position) return;
    const read = new Promise<void>((done) => (this.startRead = { upTo: delivered, done }));
    this.drainQueued();
    await read;
  }

  /** An event from the log. */
  handle(event: StoredEvent): void {
    if (this.stopped) return;
    this.queue.push(event);
    // after a failure the queue waits for the retry timer: backoff, not a write per event delivered
    if (!this.backoff.waiting) this.linger.request();
  }

  /** Resolves once the projection holds every event up to `position`, or after `timeoutMs` regardless; at once while the subscription is down. */
  async caughtUpTo(position: number, timeoutMs = 2000): Promise<void> {
    if (this.consumerJoined?.failed) return;
    await this.reached(position, timeoutMs);
  }

  /** Whether the projection holds every event up to `position` (whichever instance wrote it there) within `timeoutMs`. */
  reached(position: number, timeoutMs: number): Promise<boolean> {
    if (this.position >= position) return Promise.resolve(true);
    const reached = this.waiters.wait(position, timeoutMs);
    if (this.shared) void this.readSharedCheckpoint();
    return reached;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.backoff.cancel();
    await this.consumerJoined?.stop();
    this.linger.flush();
    await this.draining;
  }

  /** Empties the projection and replays the whole log into it (claim-and-rebuild.ts); returns the events read. The projector stays stopped. */
  async rebuild(): Promise<number> {
    await this.stop();
    this.storeId = await this.store.storeId();
    const { position, count } = await rebuildAll(this.db, this.writes(), (event, error) => this.skipped(event, error));
    this.position = position;
    return count;
  }

  private writes(): Writes<Read> {
    return { projection: this.projection, store: this.store, storeId: this.storeId };
  }

  /** Another instance may have projected the events already: its checkpoint counts as ours. */
  private async readSharedCheckpoint(): Promise<void> {
    try {
      this.advanceTo(await committedCheckpointOf(this.db, this.name));
    } catch {
      // our own batch reads it again, and reports a failure
    }
  }

  /** Starts writing the queue unless a drain runs already (never on an empty queue, which would leave `draining` set). */
  private drainQueued(): void {
    if (this.draining === null && this.queue.waiting) this.draining = this.drain();
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.waiting) {
        try {
          const batch = (await this.queue.take()).filter((event) => event.position > this.position);
          if (batch.length > 0) this.advanceTo(await writeSkipping(this.writes(), transactionOf(this.db), batch, (event, error) => this.skipped(event, error)));
          this.backoff.succeeded();
        } catch (error) {
          // a projection can always be rebuilt from the log: keep what is left for the next attempt, never crash the server
          this.failed(error);
          return;
        } finally {
          this.queue.done(this.position);
        }
      }
    } finally {
      this.draining = null;
      if (!this.queue.waiting) this.started();
    }
  }

  private skipped(event: StoredEvent, error: unknown): void {
    if (this.consumerJoined) this.consumerJoined.skip(this.name, event, error);
    else this.log(`${this.name} could not apply event ${event.position} (${event.type} of ${event.streamId}), skipped: ${error instanceof Error ? error.stack : String(error)}`);
  }

  private failed(error: unknown): void {
    this.started();
    this.backoff.failed(error, () => this.stopped || this.drainQueued());
    this.onError(error);
  }

  private advanceTo(position: number): void {
    if (position <= this.position) return;
    this.position = position;
    this.waiters.reached(position);
    if (this.startRead !== null && position >= this.startRead.upTo) this.started();
  }

  private started(): void {
    this.startRead?.done();
    this.startRead = null;
  }
}

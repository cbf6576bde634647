import { EventStore, LogConsumer, LogProcessor, RetryDelays, StoredEvent, isStorageError } from '@matchlog/store';
import { CatalogDb } from '../open-catalog';
import { PROJECTION_RETRY } from './backoff';
import { claim, rebuildAll } from './claim-and-rebuild';
import { Drain } from './drain';
import { EventQueue } from './event-queue';
import { ProjectedPosition } from './projected-position';
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
 * instance's log consumer. Events delivered wait in a bounded queue (EventQueue) and are written a batch at a
 * time (Drain), each batch with the checkpoint past it in one transaction, so a restart resumes where it
 * stopped and a replay changes nothing. An event the projection cannot apply is skipped and reported (the
 * consumer records it for readiness); any other failure is retried with backoff, never skipped.
 */
export class Projector<Read = unknown> implements LogProcessor {
  readonly name: string;
  private storeId = '';
  private stopped = true;
  private readonly queue: EventQueue;
  private readonly projected: ProjectedPosition;
  private readonly drain: Drain;
  private readonly log: (line: string) => void;
  private consumerJoined: LogConsumer | undefined;

  constructor(
    private readonly db: CatalogDb,
    private readonly store: EventStore,
    private readonly projection: Projection<Read>,
    options: ProjectorOptions = {},
  ) {
    this.name = projection.name;
    this.log = options.log ?? console.warn;
    this.queue = new EventQueue(store, options.queueBound ?? PROJECTION_QUEUE_BOUND);
    this.projected = new ProjectedPosition(db, this.name);
    const onError = options.onError ?? ((error) => console.error(`${this.name}: a batch failed, and will be retried:`, isStorageError(error) ? error.report : error));
    const write = (batch: readonly StoredEvent[]) => writeSkipping(this.writes(), transactionOf(db), batch, (event, error) => this.skipped(event, error));
    this.drain = new Drain(this.queue, this.projected, write, onError, options.retry ?? PROJECTION_RETRY);
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
    return this.projected.current;
  }

  /** Why the last batch failed (a StorageFull: the catalog's disk is full); undefined once a batch is written. */
  get lastFailure(): unknown {
    return this.drain.failure.error;
  }

  lag(): CatalogLag {
    const failure = this.drain.failure.message;
    return {
      position: this.projected.current,
      behind: this.queue.behind(this.projected.current),
      ...(failure !== undefined && { failure }),
      ...(this.consumerJoined?.failed && { failure: failure ?? this.consumerJoined.failure, subscription: 'failed' as const }),
    };
  }

  /**
   * Claims the checkpoint (the projection emptied if it was another store's) and follows the log from there:
   * it starts the consumer at it, or, when the consumer runs already (another processor started it), reads
   * what the consumer delivered before from the store, and resolves once it has (or its first try failed).
   */
  async start(): Promise<void> {
    const consumer = this.consumer;
    this.storeId = await this.store.storeId();
    const position = await claim(this.db, this.writes(), this.log);
    this.projected.set(position);
    this.stopped = false;
    consumer.start(position);
    const delivered = consumer.position;
    this.queue.startAfter(position, delivered);
    const read = delivered > position ? this.projected.onceAt(delivered) : undefined;
    this.drain.start();
    await read;
  }

  /** An event from the log. */
  handle(event: StoredEvent): void {
    if (this.stopped) return;
    this.queue.push(event);
    this.drain.soon();
  }

  /** Resolves once the projection holds every event up to `position`, or after `timeoutMs` regardless; at once while the subscription is down. */
  async caughtUpTo(position: number, timeoutMs = 2000): Promise<void> {
    if (this.consumerJoined?.failed) return;
    await this.reached(position, timeoutMs);
  }

  /** Whether the projection holds every event up to `position` (whichever instance wrote it there) within `timeoutMs`. */
  reached(position: number, timeoutMs: number): Promise<boolean> {
    return this.projected.reached(position, timeoutMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.consumerJoined?.stop();
    await this.drain.stop();
  }

  /** Empties the projection and replays the whole log into it (claim-and-rebuild.ts); returns the events read. The projector stays stopped. */
  async rebuild(): Promise<number> {
    await this.stop();
    this.storeId = await this.store.storeId();
    const { position, count } = await rebuildAll(this.db, this.writes(), (event, error) => this.skipped(event, error));
    this.projected.set(position);
    return count;
  }

  private writes(): Writes<Read> {
    return { projection: this.projection, store: this.store, storeId: this.storeId };
  }

  private skipped(event: StoredEvent, error: unknown): void {
    if (this.consumerJoined) this.consumerJoined.skip(this.name, event, error);
    else this.log(`${this.name} could not apply event ${event.position} (${event.type} of ${event.streamId}), skipped: ${error instanceof Error ? error.stack : String(error)}`);
  }
}

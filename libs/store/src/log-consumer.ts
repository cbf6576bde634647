import { EventStore, StoredEvent, Subscription } from './event-store';
import { PositionWaiters } from './position-waiters';
import { isStorageError } from './storage-errors';

/** A projection fed by the log consumer: each event once, in log order. */
export interface LogProcessor {
  /** how readiness names it */
  readonly name: string;
  /** Takes one event. It must not throw: one that does is skipped for this processor and reported. */
  handle(event: StoredEvent): void;
  /** The subscription was renewed after a failure: events may have been missed meanwhile. */
  renewed?(): void;
  /** It was given to `consumer`, which will deliver its events (and record the ones it skips). */
  joined?(consumer: LogConsumer): void;
}

/** An event a processor could not apply: skipped, so that the events after it still flow. */
export interface SkippedEvent {
  readonly processor: string;
  readonly position: number;
  readonly streamId: string;
  readonly revision: number;
  readonly type: string;
  /** the error's class (its message may quote the event: it is logged, not reported) */
  readonly error: string;
}

/** When the subscription fails, it is renewed after `firstMs`, doubling each time up to `maxMs`. */
export interface RetryDelays {
  readonly firstMs: number;
  readonly maxMs: number;
}

export const DEFAULT_RETRY: RetryDelays = { firstMs: 250, maxMs: 30_000 };

export interface LogConsumerOptions {
  /** the processors it delivers to from the start; more may join later (`add`) */
  readonly processors?: readonly LogProcessor[];
  readonly retry?: RetryDelays;
  /** told of each failure of the subscription */
  readonly onError?: (error: unknown) => void;
  readonly log?: (line: string) => void;
}
/** skipped events kept for readiness: the latest ones */
const KEPT_SKIPPED = 100;

/**
 * The instance's one subscription to the store's log, fanned out to every processor (the catalog, the
 * live matches). One renewal policy: a failed subscription is renewed from the last event delivered,
 * with backoff, and each processor is told. One policy for an event a processor cannot apply: it is
 * recorded, reported, and skipped for that processor alone (as Marten's daemon skips apply errors).
 */
export class LogConsumer {
  private readonly processors: LogProcessor[] = [];
  private subscription: Subscription | null = null;
  private delivered = 0;
  private running = false;
  private failures = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly skippedEvents: SkippedEvent[] = [];
  private readonly waiters = new PositionWaiters();
  /** why the subscription failed, while it waits for its renewal */
  failure: string | undefined;

  private readonly retry: RetryDelays;
  private readonly onError: (error: unknown) => void;
  private readonly log: (line: string) => void;

  /** Built at the application's root, with the processors it feeds (as Emmett's consumers are). */
  constructor(
    private readonly store: Pick<EventStore, 'subscribeAll'>,
    options: LogConsumerOptions = {},
  ) {
    this.retry = options.retry ?? DEFAULT_RETRY;
    this.onError = options.onError ?? ((error) => console.error('log: the subscription failed and will be renewed:', isStorageError(error) ? error.report : error));
    this.log = options.log ?? console.warn;
    options.processors?.forEach((processor) => this.add(processor));
  }

  add(processor: LogProcessor): void {
    this.processors.push(processor);
    processor.joined?.(this);
  }

  /** Subscribes after log position `after`, unless it runs already. */
  start(after: number): void {
    if (this.running) return;
    this.running = true;
    this.delivered = after;
    this.subscribe();
  }

  /** The last log position every processor has been given. */
  get position(): number {
    return this.delivered;
  }

  /**
   * Whether every processor has been given the events up to `position`: true as soon as they have,
   * false after `timeoutMs`, or at once while the subscription is down (nothing arrives meanwhile).
   */
  reached(position: number, timeoutMs: number): Promise<boolean> {
    if (this.delivered >= position) return Promise.resolve(true);
    if (this.failed || !this.running) return Promise.resolve(false);
    return this.waiters.wait(position, timeoutMs);
  }

  get failed(): boolean {
    return this.failure !== undefined;
  }

  get skipped(): readonly SkippedEvent[] {
    return this.skippedEvents;
  }

  /** Records an event a processor could not apply (the processor moves past it). */
  skip(processor: string, event: StoredEvent, error: unknown): void {
    const name = error instanceof Error ? error.name : typeof error;
    this.skippedEvents.push({ processor, position: event.position, streamId: event.streamId, revision: event.revision, type: event.type, error: name });
    if (this.skippedEvents.length > KEPT_SKIPPED) this.skippedEvents.shift();
    this.log(`log: ${processor} could not apply event ${event.position} (${event.type} of ${event.streamId}), skipped: ${error instanceof Error ? error.stack : String(error)}`);
  }

  async stop(): Promise<void> {
    this.running = false;
    this.waiters.releaseAll();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.close();
  }

  private subscribe(): void {
    const subscription = this.store.subscribeAll(
      this.delivered,
      (event) => this.deliver(event),
      (error) => {
        if (this.subscription !== subscription) return;
        this.subscription = null;
        this.subscriptionFailed(error);
      },
    );
    this.subscription = subscription;
  }

  private deliver(event: StoredEvent): void {
    this.failures = 0;
    for (const processor of this.processors) {
      try {
        processor.handle(event);
      } catch (error) {
        this.skip(processor.name, event, error);
      }
    }
    this.delivered = event.position;
    this.waiters.reached(event.position);
  }

  private subscriptionFailed(error: unknown): void {
    this.failures++;
    this.failure = error instanceof Error ? error.message : String(error);
    this.onError(error);
    this.waiters.releaseAll();
    if (this.timer || !this.running) return;
    const delay = Math.min(this.retry.firstMs * 2 ** (this.failures - 1), this.retry.maxMs);
    this.timer = setTimeout(() => this.renew(), delay);
    this.timer.unref();
  }

  private renew(): void {
    this.timer = null;
    if (!this.running || this.subscription !== null) return;
    this.subscribe();
    this.failure = undefined;
    this.processors.forEach((processor) => processor.renewed?.());
  }
}

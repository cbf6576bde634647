import { EventStore, StoredEvent, Subscription } from './event-store';
import { isStorageError } from './storage-errors';

/** A projection fed by the log consumer: each event once, in log order. */
export interface LogProcessor {
  /** how readiness names it */
  readonly name: string;
  /** Takes one event. It must not throw: one that does is skipped for this processor and reported. */
  handle(event: StoredEvent): void;
  /** The subscription was renewed after a failure: events may have been missed meanwhile. */
  renewed?(): void;
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
  private waiters: { position: number; resolve: (reached: boolean) => void }[] = [];
  /** why the subscription failed, while it waits for its renewal */
  failure: string | undefined;

  constructor(
    private readonly store: Pick<EventStore, 'subscribeAll'>,
    private readonly retry: RetryDelays = DEFAULT_RETRY,
    private readonly onError: (error: unknown) => void = (error) =>
      console.error('log: the subscription failed and will be renewed:', isStorageError(error) ? error.report : error),
    private readonly log: (line: string) => void = console.warn,
  ) {}

  add(processor: LogProcessor): void {
    this.processors.push(processor);
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
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(false), timeoutMs);
      const waiter = { position, resolve: (reached: boolean) => done(reached) };
      const done = (reached: boolean) => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve(reached);
      };
      this.waiters.push(waiter);
    });
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
    for (const waiter of [...this.waiters]) waiter.resolve(false);
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
    if (this.waiters.length > 0) for (const waiter of this.waiters.filter((w) => w.position <= event.position)) waiter.resolve(true);
  }

  private subscriptionFailed(error: unknown): void {
    this.failures++;
    this.failure = error instanceof Error ? error.message : String(error);
    this.onError(error);
    for (const waiter of [...this.waiters]) waiter.resolve(false);
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

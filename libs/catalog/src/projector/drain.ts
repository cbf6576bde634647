import { RetryDelays, StoredEvent } from '@matchlog/store';
import { Linger } from '../linger';
import { Backoff } from './backoff';
import { EventQueue } from './event-queue';
import { ProjectedPosition } from './projected-position';

/**
 * Writes what a projector's queue holds, one batch at a time: what is delivered while a batch is written waits
 * for the next. A failed batch stays queued and is retried on a timer with backoff, so the projection catches
 * up by itself once the cause is gone.
 */
export class Drain {
  private draining: Promise<void> | null = null;
  private readonly backoff: Backoff;
  private readonly linger = new Linger(() => this.request());
  private stopped = true;

  constructor(
    private readonly queue: EventQueue,
    private readonly projected: ProjectedPosition,
    /** writes a batch, returns the checkpoint after it */
    private readonly write: (batch: readonly StoredEvent[]) => Promise<number>,
    private readonly onError: (error: unknown) => void,
    retry: RetryDelays,
  ) {
    this.backoff = new Backoff(retry);
  }

  /** why the last batch failed, until one is written */
  get failure(): { readonly message?: string; readonly error?: unknown } {
    return { message: this.backoff.failure, error: this.backoff.failedWith };
  }

  start(): void {
    this.stopped = false;
    this.request();
  }

  /** Something was queued: written after the linger, unless a retry waits (backoff, not a write per event delivered). */
  soon(): void {
    if (!this.stopped && !this.backoff.waiting) this.linger.request();
  }

  /** Writes what is held at once, then stops. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.backoff.cancel();
    this.linger.flush();
    await this.draining;
  }

  /** Starts writing the queue unless a drain runs already (never on an empty queue, which would leave `draining` set). */
  private request(): void {
    if (this.draining === null && this.queue.waiting) this.draining = this.drain();
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.waiting) {
        try {
          const batch = (await this.queue.take()).filter((event) => event.position > this.projected.current);
          if (batch.length > 0) this.projected.advanceTo(await this.write(batch));
          this.backoff.succeeded();
        } catch (error) {
          // a projection can always be rebuilt from the log: keep what is left for the next attempt, never crash the server
          this.failed(error);
          return;
        } finally {
          this.queue.done(this.projected.current);
        }
      }
    } finally {
      this.draining = null;
      if (!this.queue.waiting) this.projected.release();
    }
  }

  private failed(error: unknown): void {
    this.projected.release();
    this.backoff.failed(error, () => this.stopped || this.request());
    this.onError(error);
  }
}

import { RetryDelays } from '@matchlog/store';

/**
 * A failed batch is retried after 250 ms, doubling up to 2 s: a projection is back within about 2 s of its cause
 * (a full disk given space, PostgreSQL back), and readiness with it; one write every 2 s meanwhile costs nothing.
 */
export const PROJECTION_RETRY: RetryDelays = { firstMs: 250, maxMs: 2_000 };

/** The wait before the retry after `failures` failures in a row. */
export const retryDelay = (failures: number, retry: RetryDelays): number => Math.min(retry.firstMs * 2 ** (failures - 1), retry.maxMs);

/** A projector's failures in a row, and the one timer that retries after the last. */
export class Backoff {
  private failures = 0;
  private timer: NodeJS.Timeout | null = null;
  /** why the last batch failed, until one is written */
  failure: string | undefined;
  failedWith: unknown;

  constructor(private readonly retry: RetryDelays) {}

  get waiting(): boolean {
    return this.timer !== null;
  }

  succeeded(): void {
    this.failures = 0;
    this.failure = undefined;
    this.failedWith = undefined;
  }

  /** Notes the failure and calls `again` after the backoff, unless a retry waits already. */
  failed(error: unknown, again: () => void): void {
    this.failures++;
    this.failedWith = error;
    this.failure = typeof (error as { message?: unknown })?.message === 'string' ? (error as Error).message : String(error);
    if (this.timer) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        again();
      },
      retryDelay(this.failures, this.retry),
    );
    // a pending retry never keeps the process alive on its own
    this.timer.unref();
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

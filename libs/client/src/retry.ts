/** How requests are retried: `attempts` tries in all, waiting `firstDelayMs`, doubling up to `maxDelayMs`, between them. */
export interface RetryPolicy {
  readonly attempts: number;
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 8, firstDelayMs: 100, maxDelayMs: 5000 };

/** The wait before try number `attempt + 1` (attempt counts from 1). */
export const backoff = (policy: RetryPolicy, attempt: number): number => Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (attempt - 1));

/** A Retry-After header (seconds, or an HTTP date) in milliseconds, or undefined when absent or unreadable. */
export const retryAfterMs = (header: string | null, now = Date.now()): number | undefined => {
  if (header === null || header.trim() === '') return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
};

/** 503 (nothing was done) and 504 (maybe done: the same request again is idempotent) are worth another try; 4xx never. */
export const isRetryableStatus = (status: number): boolean => status === 503 || status === 504;

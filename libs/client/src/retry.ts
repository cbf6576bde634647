/** How requests are retried: `attempts` tries in all, waiting `firstDelayMs`, doubling up to `maxDelayMs`, between them. */
export interface RetryPolicy {
  readonly attempts: number;
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 8, firstDelayMs: 100, maxDelayMs: 5000 };

/** The wait before try number `attempt + 1` (attempt counts from 1). */
export const backoff = (policy: RetryPolicy, attempt: number): number => Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (attempt - 1));

/** A Retry-After header (whole seconds, or an IMF-fixdate) in milliseconds, or undefined when absent or unreadable. */
export const retryAfterMs = (header: string | null, now = Date.now()): number | undefined => {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d{1,9}$/.test(text)) return Number(text) * 1000;
  if (!/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
};

/** The longest a Retry-After is waited, whatever the server says (a caller's maxDelayMs above it wins). */
export const MAX_RETRY_AFTER_MS = 30_000;

/** The wait before the next try: the server's Retry-After where it gives one, never less than the backoff, never more than the cap. */
export const waitBefore = (policy: RetryPolicy, attempt: number, retryAfter: number | undefined): number =>
  Math.min(Math.max(retryAfter ?? 0, backoff(policy, attempt)), Math.max(policy.maxDelayMs, MAX_RETRY_AFTER_MS));

/**
 * 503 (nothing was done), 504 (maybe done) and 502 (a proxy in front lost the server) are worth another try:
 * the same request again is idempotent. 4xx never.
 */
export const isRetryableStatus = (status: number): boolean => status === 502 || status === 503 || status === 504;

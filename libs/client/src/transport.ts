import { MatchlogError, NetworkError, errorOf } from './errors';
import { RetryPolicy, backoff, isRetryableStatus, retryAfterMs, waitBefore } from './retry';

export interface TransportOptions {
  readonly baseUrl: string;
  readonly token?: string;
  readonly fetch: typeof fetch;
  readonly retry: RetryPolicy;
  readonly sleep: (ms: number) => Promise<void>;
}

export interface Request {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
  /** sent as JSON, serialized once: every retry sends these very bytes */
  readonly body?: unknown;
  /** sent as it is, with its media type, instead of a JSON body (a replay's .zip) */
  readonly raw?: { readonly bytes: Uint8Array | string; readonly type: string };
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
}

/** The URL of `path` on the server, with the query's defined values. */
export const urlOf = (baseUrl: string, path: string, query: Request['query'] = {}): string => {
  const url = new URL(path.replace(/^\//, ''), baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  return url.toString();
};

export const authorization = (token: string | undefined): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {});

const bodyOf = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  try {
    return text === '' ? null : JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * One request, retried on network errors, 503 and 504 (waiting Retry-After when the server gives one, else
 * the backoff), never on any other answer. The body is serialized once, before the first try.
 */
export const send = async <T>(options: TransportOptions, request: Request): Promise<T> => {
  const url = urlOf(options.baseUrl, request.path, request.query);
  const body: BodyInit | undefined = request.raw !== undefined ? (request.raw.bytes as BodyInit) : request.body === undefined ? undefined : JSON.stringify(request.body);
  const headers = {
    Accept: 'application/json',
    ...(body !== undefined && { 'Content-Type': request.raw?.type ?? 'application/json' }),
    ...request.headers,
    ...authorization(options.token),
  };
  let last: { error: MatchlogError | null; cause?: unknown } = { error: null };
  for (let attempt = 1; attempt <= options.retry.attempts; attempt++) {
    let wait = backoff(options.retry, attempt);
    try {
      // a write is never redirected: a POST turned into a GET, or a captive portal's login page, is not an answer
      const response = await options.fetch(url, {
        method: request.method,
        headers,
        body,
        signal: request.signal,
        ...(request.method === 'POST' && { redirect: 'error' as const }),
      });
      const answer = await bodyOf(response);
      if (response.ok && typeof answer !== 'string') return answer as T;
      const error = response.ok
        ? new MatchlogError('UNEXPECTED_ANSWER', response.status, answer, `${request.method} ${request.path}: the answer is not the matchlog API's (a captive portal, a proxy?)`)
        : errorOf(response.status, answer, response.statusText);
      if (!response.ok && !isRetryableStatus(response.status)) throw error;
      last = { error };
      wait = waitBefore(options.retry, attempt, retryAfterMs(response.headers.get('retry-after')));
    } catch (error) {
      if (error instanceof MatchlogError || request.signal?.aborted) throw error;
      last = { error: null, cause: error };
    }
    if (attempt < options.retry.attempts) await options.sleep(wait);
  }
  const tries = `${options.retry.attempts} ${options.retry.attempts === 1 ? 'try' : 'tries'}`;
  throw last.error
    ? new NetworkError(last.error.code, last.error.status, last.error.body, `${request.method} ${request.path}: ${last.error.message} (gave up after ${tries})`)
    : new NetworkError('NETWORK_ERROR', 0, null, `${request.method} ${request.path}: the server could not be reached (gave up after ${tries}): ${String(last.cause)}`, {
        cause: last.cause,
      });
};

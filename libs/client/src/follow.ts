import { MatchlogError, NetworkError, errorOf } from './errors';
import { backoff, isRetryableStatus, retryAfterMs } from './retry';
import { SseParser } from './sse';
import { TransportOptions, authorization, send, urlOf } from './transport';
import type { EventsPage } from './types';

export interface FeedEntry {
  readonly revision: number;
  readonly observation: unknown;
}

export interface FollowOptions {
  /** the revision already had: delivery starts after it (default 0, every observation of the match) */
  readonly from?: number;
  /** reconnect when nothing, not even a heartbeat, came for this long (default 30 s; the server beats every 15 s) */
  readonly heartbeatTimeoutMs?: number;
  readonly signal?: AbortSignal;
  /** told when a connection opens, and when the feed reconnects (with why) */
  readonly onState?: (state: 'open' | 'reconnecting', detail?: unknown) => void;
}

export interface Following {
  close(): void;
  readonly done: Promise<{ revision: number }>;
}

/** An answer no reconnect can change (a 4xx, a refusal of the gap's REST read) or the caller's own error: the follow ends with it. */
class Fatal {
  constructor(readonly error: unknown) {}
}

const DEFAULT_HEARTBEAT_TIMEOUT_MS = 30_000;

/** Waits `ms` by the transport's sleep, or less when `signal` aborts; leaves no listener on `signal` behind. */
const pause = (transport: TransportOptions, ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const over = () => {
      signal.removeEventListener('abort', over);
      resolve();
    };
    signal.addEventListener('abort', over, { once: true });
    void transport.sleep(ms).then(over, over);
  });

/**
 * GET /matches/:id/feed?audience=… followed over fetch (an EventSource cannot send Authorization), see
 * MatchlogClient.follow. `last` is the last revision delivered: every connection asks to resume after it (the
 * `from` query, and Last-Event-ID), so a drop, a heartbeat timeout or a server restart loses and repeats nothing.
 */
export const followFeed = (
  transport: TransportOptions,
  matchId: string,
  audience: string,
  onObservation: (entry: FeedEntry) => void | Promise<void>,
  options: FollowOptions = {},
): Following => {
  const stopped = new AbortController();
  if (options.signal?.aborted) stopped.abort();
  else options.signal?.addEventListener('abort', () => stopped.abort(), { once: true });
  const heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? DEFAULT_HEARTBEAT_TIMEOUT_MS;
  const path = `/matches/${encodeURIComponent(matchId)}`;
  let last = options.from ?? 0;

  const hand = async (entry: FeedEntry) => {
    try {
      await onObservation(entry);
    } catch (error) {
      throw new Fatal(error);
    }
    last = entry.revision;
  };

  /** Delivers revisions last + 1 … to from GET /matches/:id/events, in order, or throws: never a gap. */
  const fill = async (to: number) => {
    let page: EventsPage;
    try {
      page = await send<EventsPage>(transport, { method: 'GET', path: `${path}/events`, query: { audience, from: last, to }, signal: stopped.signal });
    } catch (error) {
      throw error instanceof MatchlogError && !(error instanceof NetworkError) ? new Fatal(error) : error;
    }
    for (const entry of page.observations as readonly FeedEntry[]) if (entry.revision === last + 1 && entry.revision <= to) await hand(entry);
    if (last < to) throw new Error(`GET ${path}/events did not hold revisions ${last + 1} to ${to}`);
  };

  const deliver = async (entry: FeedEntry) => {
    if (entry.revision <= last) return;
    if (entry.revision > last + 1) await fill(entry.revision - 1);
    await hand(entry);
  };

  /** One connection: the revision the match ended at when the server said `ended`, else null (dropped: reconnect). */
  const connect = async (connection: AbortController, arm: () => void, disarm: () => void, resumed: boolean): Promise<number | null> => {
    arm();
    const response = await transport.fetch(urlOf(transport.baseUrl, `${path}/feed`, { audience, from: last }), {
      headers: { Accept: 'text/event-stream', ...authorization(transport.token), ...(resumed && { 'Last-Event-ID': String(last) }) },
      signal: connection.signal,
    });
    if (!response.ok || response.body === null) {
      const text = await response.text().catch(() => '');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: a proxy's page
      }
      const error = errorOf(response.status, body, response.statusText);
      if (isRetryableStatus(response.status) || response.status === 429 || response.status >= 500)
        throw Object.assign(error, { retryAfterMs: retryAfterMs(response.headers.get('retry-after')) });
      throw new Fatal(error);
    }
    options.onState?.('open');
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const parser = new SseParser();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return null;
        disarm();
        for (const message of parser.push(decoder.decode(value, { stream: true }))) {
          if (message.event === 'observation') await deliver(JSON.parse(message.data) as FeedEntry);
          else if (message.event === 'ended') {
            const { revision } = JSON.parse(message.data) as { revision: number };
            if (revision > last) await fill(revision);
            return last;
          }
        }
        arm();
      }
    } finally {
      reader.cancel().catch(() => undefined);
    }
  };

  const run = async (): Promise<{ revision: number }> => {
    let failures = 0;
    let resumed = false;
    while (!stopped.signal.aborted) {
      const connection = new AbortController();
      const abort = () => connection.abort();
      stopped.signal.addEventListener('abort', abort);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const disarm = () => clearTimeout(timer);
      const arm = () => {
        disarm();
        timer = setTimeout(abort, heartbeatTimeoutMs);
      };
      let wait: number | undefined;
      let opened = false;
      try {
        const before = last;
        const ended = await connect(connection, arm, disarm, resumed);
        if (ended !== null) return { revision: ended };
        opened = true;
        if (last > before) failures = 0;
      } catch (error) {
        if (error instanceof Fatal) throw error.error;
        if (stopped.signal.aborted) break;
        wait = (error as { retryAfterMs?: number }).retryAfterMs;
        options.onState?.('reconnecting', connection.signal.aborted ? new Error(`no byte for ${heartbeatTimeoutMs} ms`) : error);
      } finally {
        disarm();
        stopped.signal.removeEventListener('abort', abort);
        connection.abort();
      }
      if (opened) options.onState?.('reconnecting', new Error('the server closed the feed'));
      resumed = true;
      failures++;
      await pause(transport, wait ?? backoff({ ...transport.retry, attempts: Infinity }, failures), stopped.signal);
    }
    return { revision: last };
  };

  const done = run();
  // a caller who only closes need not catch
  done.catch(() => undefined);
  return { close: () => stopped.abort(), done };
};

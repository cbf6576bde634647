/** One Server-Sent Events message: its id is the revision it brings the audience to; data is one line of JSON. */
export const sseMessage = (revision: number, event: FeedMessageType, data: unknown): string => `id: ${revision}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** A comment line: keeps proxies from closing an idle stream; clients ignore it. */
export const HEARTBEAT = ': heartbeat\n\n';

/**
 * `view`: what the audience needs to draw the present (its view, as GET /matches/:id/views/:audience);
 * `observation`: one observation ({ revision, observation }, as one of GET /matches/:id/events's);
 * `ended`: the match has ended ({ revision }), and the stream closes.
 */
export type FeedMessageType = 'view' | 'observation' | 'ended';

export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  // tokens read this stream: nothing keeps it (and see security-headers.ts, which a hijacked reply skips)
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  // nginx and similar proxies: pass each message on at once
  'x-accel-buffering': 'no',
} as const;

/** One Server-Sent Events message: its id is the revision it brings the audience to; data is one line of JSON. */
export const sseMessage = (revision: number, event: FeedMessageType, data: unknown, json: string = JSON.stringify(data)): string =>
  `id: ${revision}\nevent: ${event}\ndata: ${json}\n\n`;

/**
 * How a live feed writes what it sends, as JSON: the transport gives one that writes each through the
 * type of the audience it is for (the same wall as the REST answers); by default JSON.stringify.
 */
export interface FeedEncoder {
  /** one feed entry ({ revision, observation }) of `audience` */
  entry(audience: string, entry: unknown): string;
  /** `audience`'s view */
  view(audience: string, view: unknown): string;
}

export const JSON_ENCODER: FeedEncoder = { entry: (_audience, entry) => JSON.stringify(entry), view: (_audience, view) => JSON.stringify(view) };

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

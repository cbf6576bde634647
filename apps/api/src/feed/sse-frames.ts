import { LiveEntry } from '@matchlog/matches';
import { FeedEncoder } from './feed-encoder';

/** One Server-Sent Events message: its id is the revision it brings the audience to; data is one line of JSON. */
export const sseMessage = (revision: number, event: LiveEntry['type'], json: string): string => `id: ${revision}\nevent: ${event}\ndata: ${json}\n\n`;

/** A comment line: keeps proxies from closing an idle stream; clients ignore it. */
export const HEARTBEAT = ': heartbeat\n\n';

export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  // tokens read this stream: nothing keeps it (and see security-headers.ts, which a hijacked reply skips)
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  // nginx and similar proxies: pass each message on at once
  'x-accel-buffering': 'no',
} as const;

/**
 * Live entries as SSE messages, through the encoder's wall. An entry the model keeps for every feed of
 * its audience is written once, whatever the number of streams: its text lives as long as the entry.
 */
export class SseFrames {
  private readonly written = new WeakMap<LiveEntry, string>();

  constructor(private readonly encoder: FeedEncoder) {}

  of(entry: LiveEntry): string {
    let text = this.written.get(entry);
    if (text === undefined) {
      text = sseMessage(entry.revision, entry.type, this.json(entry));
      if (entry.type === 'observation') this.written.set(entry, text);
    }
    return text;
  }

  private json(entry: LiveEntry): string {
    if (entry.type === 'observation') return this.encoder.entry(entry.audience, entry.data);
    if (entry.type === 'view') return this.encoder.view(entry.audience, entry.data);
    return JSON.stringify(entry.data);
  }
}

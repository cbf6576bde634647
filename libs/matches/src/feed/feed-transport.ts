import { LiveEntry } from './live-entry';

/**
 * Where a live feed's entries go. A transport only frames them as bytes (apps/api: Server-Sent Events)
 * and says how its client keeps up; who sees what, and when, is the feed's (LiveFeed).
 */
export interface FeedTransport {
  /** Frames and sends one entry; false: the client has not taken what was sent yet, and a feed catching up waits for `drained`. */
  send(entry: LiveEntry): boolean;
  /** Resolves once the client has taken what was sent, or is gone. */
  drained(): Promise<void>;
  /** The client leaves more unread than the transport holds for it: a live feed cuts it off. */
  lagging(): boolean;
  /** Closes after what was sent: the client resumes by id. */
  end(): void;
  /** Drops the connection at once: a client that fell too far behind resumes by id. */
  cutOff(): void;
  /** `listener` is called once, when the connection closes from either side. */
  onClose(listener: () => void): void;
}

import { FeedTransport, LiveEntry } from '@matchlog/matches';
import type { ServerResponse } from 'http';
import { HEARTBEAT, SseFrames } from './sse-frames';

/**
 * A live feed on an HTTP response as Server-Sent Events (headers already written): each entry framed,
 * the socket's back-pressure passed on, and a client that lets more than `maxBuffered` bytes pile up
 * on its socket reported as lagging.
 */
export class SseTransport implements FeedTransport {
  constructor(
    private readonly raw: ServerResponse,
    private readonly frames: SseFrames,
    private readonly maxBuffered: number,
  ) {}

  send(entry: LiveEntry): boolean {
    return this.raw.write(this.frames.of(entry));
  }

  drained(): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        this.raw.off('drain', done);
        this.raw.off('close', done);
        resolve();
      };
      this.raw.on('drain', done);
      this.raw.on('close', done);
    });
  }

  lagging(): boolean {
    return this.raw.writableLength > this.maxBuffered;
  }

  end(): void {
    this.raw.end();
  }

  cutOff(): void {
    this.raw.destroy();
  }

  onClose(listener: () => void): void {
    this.raw.once('close', listener);
  }

  heartbeat(): void {
    this.raw.write(HEARTBEAT);
  }
}

import { EventStore } from '@matchlog/store';

/**
 * The store's head position, read for many callers at once: a caller joins the read that starts next,
 * never one already on its way (which may have started before the caller's own write, or another
 * instance's that it must see). Concurrent callers share one read; a flood costs one read in flight
 * and one waiting.
 */
export class StoreHead {
  private running: Promise<number> | null = null;
  private next: Promise<number> | null = null;

  constructor(private readonly store: Pick<EventStore, 'headPosition'>) {}

  read(): Promise<number> {
    if (this.next) return this.next;
    if (!this.running) return this.start();
    const after = this.running.then(
      () => undefined,
      () => undefined,
    );
    this.next = after.then(() => {
      this.next = null;
      return this.start();
    });
    return this.next;
  }

  private start(): Promise<number> {
    const reading = this.store.headPosition();
    this.running = reading;
    const done = () => {
      if (this.running === reading) this.running = null;
    };
    reading.then(done, done);
    return reading;
  }
}

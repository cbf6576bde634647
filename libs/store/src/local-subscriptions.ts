import { Subscription } from './event-store';

/** One in-process subscription: its loop sleeps in `wait()` until an append wakes it, or close() ends it. */
export interface LocalSubscriber {
  closed: boolean;
  wake: (() => void) | undefined;
  error: unknown;
  /** the last position it delivered (its loop keeps it) */
  position: number;
}

/**
 * The subscriptions of a store whose appends happen in this process (SQLite, in memory): each a loop
 * that reads and delivers, then sleeps until the next append. close() ends one after the event it is
 * handling and rethrows its failure; closeAll() ends them all, for the store's close.
 */
export class LocalSubscriptions {
  private readonly subscribers = new Set<LocalSubscriber>();
  private readonly done = new Set<Promise<void>>();

  /** Starts `run` (which loops while `!subscriber.closed`, delivering after `after`); a failure goes to onFailure, and to close(). */
  start(closed: boolean, after: number, run: (subscriber: LocalSubscriber) => Promise<void>, onFailure?: (error: unknown) => void): Subscription {
    const subscriber: LocalSubscriber = { closed, wake: undefined, error: undefined, position: after };
    this.subscribers.add(subscriber);
    const finished = run(subscriber)
      .catch((error) => {
        subscriber.error = error;
        onFailure?.(error);
      })
      .finally(() => {
        subscriber.closed = true;
        this.subscribers.delete(subscriber);
        this.done.delete(finished);
      });
    this.done.add(finished);
    return {
      close: async () => {
        subscriber.closed = true;
        subscriber.wake?.();
        await finished;
        if (subscriber.error !== undefined) throw subscriber.error;
      },
    };
  }

  /** Sleeps until the next append (or close). Nothing may be appended between the caller's look and this call: both run in one turn. */
  static async wait(subscriber: LocalSubscriber): Promise<void> {
    await new Promise<void>((wake) => (subscriber.wake = wake));
    subscriber.wake = undefined;
  }

  /** Wakes every sleeping subscription: something was appended. */
  wakeAll(): void {
    for (const subscriber of this.subscribers) subscriber.wake?.();
  }

  /** The last position every open subscription has delivered (Infinity when none is open). */
  lowestPosition(): number {
    let lowest = Infinity;
    for (const subscriber of this.subscribers) if (!subscriber.closed && subscriber.position < lowest) lowest = subscriber.position;
    return lowest;
  }

  async closeAll(): Promise<void> {
    for (const subscriber of this.subscribers) {
      subscriber.closed = true;
      subscriber.wake?.();
    }
    await Promise.all(this.done);
  }
}

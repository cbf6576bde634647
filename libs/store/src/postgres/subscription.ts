import { StoredEvent, Subscription } from '../event-store';
import { Listening, Notifications } from './notifications';

const PAGE = 512;

export interface SubscriptionSource {
  readonly notifications: Notifications;
  readAll(afterPosition: number, maxCount: number): Promise<StoredEvent[]>;
  /** how long a caught-up subscription waits before it reads again without being woken */
  readonly pollMs: number;
}

/**
 * A catch-up subscription: pages of readAll, then, once caught up, a wait until an append's
 * notification (any instance's), a local append, or the poll timer wakes it. It LISTENs before its
 * first read, so nothing committed after that read goes unnoticed. It ends by itself on an error (a
 * read fails, the listening connection is lost, `onEvent` throws): `onFailure` is told, and close()
 * throws it.
 */
export const subscribe = (
  source: SubscriptionSource,
  afterPosition: number,
  onEvent: (event: StoredEvent) => Promise<void> | void,
  onFailure: ((error: unknown) => void) | undefined,
  done: (subscription: Subscription) => void,
): Subscription => {
  let closed = false;
  let woken = false;
  let failure: unknown;
  let wakeUp: (() => void) | undefined;
  const listening: Listening = {
    wake: () => {
      woken = true;
      wakeUp?.();
    },
    fail: (error) => {
      failure ??= error;
      wakeUp?.();
    },
  };
  const sleep = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => wakeUp?.(), source.pollMs);
      wakeUp = () => {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      };
    });
  const run = async () => {
    await source.notifications.join(listening);
    let position = afterPosition;
    while (!closed) {
      if (failure !== undefined) throw failure;
      woken = false;
      const page = await source.readAll(position, PAGE);
      if (page.length === 0) {
        if (!woken && !closed && failure === undefined) await sleep();
        continue;
      }
      for (const event of page) {
        if (closed) return;
        await onEvent(event);
        position = event.position;
      }
    }
  };
  let error: unknown;
  const finished = run()
    .catch((e) => {
      error = e;
      if (!closed) onFailure?.(e);
    })
    .finally(() => {
      closed = true;
      source.notifications.leave(listening);
      done(subscription);
    });
  const subscription: Subscription = {
    close: async () => {
      closed = true;
      wakeUp?.();
      await finished;
      if (error !== undefined) throw error;
    },
  };
  return subscription;
};

import { EventStore, StoredEvent } from '@matchlog/store';

/**
 * The store, but its subscriptions deliver an event only once `release` has let its position through:
 * an instance whose subscription runs late.
 */
export const heldBack = (store: EventStore): { store: EventStore; release(upTo: number): void } => {
  let allowed = 0;
  let wake = () => undefined as void;
  const open = (position: number) =>
    new Promise<void>((resolve) => {
      const check = () => (position <= allowed ? resolve() : void (wake = check));
      check();
    });
  const late: EventStore = Object.assign(Object.create(store) as EventStore, {
    subscribeAll: (after: number, onEvent: (event: StoredEvent) => Promise<void> | void, onFailure?: (error: unknown) => void) =>
      store.subscribeAll(after, async (event) => (await open(event.position), onEvent(event)), onFailure),
  });
  return {
    store: late,
    release: (upTo) => {
      allowed = upTo;
      wake();
    },
  };
};

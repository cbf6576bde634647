/** The pending-queue bookkeeping shared by the judge's state and every audience's view. */
export interface Pending<T extends { readonly triggerId: string; readonly player: string }> {
  /** in the order added */
  readonly items: readonly T[];
  /**
   * The player the bag is with (Lorcana 7.7.6 "the currently resolving player"): set by the bag
   * check after each resolution (7.7.4.3, 7.7.4.4); null until the first resolution and once empty.
   */
  readonly resolvingPlayer: string | null;
}

export const emptyPending = { items: [], resolvingPlayer: null } as const;

export const pendingAdded = <T extends { readonly triggerId: string; readonly player: string }>(queue: Pending<T>, item: T): Pending<T> => ({
  ...queue,
  items: [...queue.items, item],
});

/**
 * An item resolved: the bag check that follows (7.7.4.3) decides who the bag is with now. Once the
 * queue is empty the process starts over with the active player (7.7.4.5).
 */
export const pendingResolved = <T extends { readonly triggerId: string; readonly player: string }>(
  queue: Pending<T>,
  triggerId: string,
  resolver: string,
  bagCheck: (queue: Pending<T>) => string | null,
): Pending<T> => {
  const left = { items: queue.items.filter((item) => item.triggerId !== triggerId), resolvingPlayer: resolver };
  return { ...left, resolvingPlayer: left.items.length === 0 ? null : bagCheck(left) };
};

/** An item removed without resolving: the bag stays with whoever has it. */
export const pendingRemoved = <T extends { readonly triggerId: string; readonly player: string }>(queue: Pending<T>, triggerId: string): Pending<T> => {
  const items = queue.items.filter((item) => item.triggerId !== triggerId);
  return { items, resolvingPlayer: items.length === 0 ? null : queue.resolvingPlayer };
};

/** A player who leaves takes their pending abilities with them (Lorcana 7.7.7). */
export const pendingWithout = <T extends { readonly triggerId: string; readonly player: string }>(queue: Pending<T>, player: string): Pending<T> => {
  const items = queue.items.filter((item) => item.player !== player);
  return { items, resolvingPlayer: items.length === 0 ? null : queue.resolvingPlayer };
};

/** A new turn: the bag starts with the new active player (7.7.4.2). */
export const pendingNewTurn = <T extends { readonly triggerId: string; readonly player: string }>(queue: Pending<T>): Pending<T> => ({
  ...queue,
  resolvingPlayer: null,
});

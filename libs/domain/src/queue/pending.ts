/** The pending-queue bookkeeping shared by the judge's state and every audience's view. */
export interface Pending<T extends { readonly triggerId: string; readonly player: string }> {
  /** in the order added */
  readonly items: readonly T[];
  /** the player who last resolved an item since the queue was last empty (Lorcana 7.7.4.3) */
  readonly lastResolver: string | null;
}

export const emptyPending = { items: [], lastResolver: null } as const;

export const pendingAdded = <T extends { readonly triggerId: string; readonly player: string }>(queue: Pending<T>, item: T): Pending<T> => ({
  ...queue,
  items: [...queue.items, item],
});

/** Resolved or removed; once the queue is empty the process starts over with the active player (7.7.4.5). */
export const pendingLeft = <T extends { readonly triggerId: string; readonly player: string }>(
  queue: Pending<T>,
  triggerId: string,
  resolver: string | null,
): Pending<T> => {
  const items = queue.items.filter((item) => item.triggerId !== triggerId);
  return { items, lastResolver: items.length === 0 ? null : resolver };
};

/** A player who leaves takes their pending abilities with them (Lorcana 7.7.7). */
export const pendingWithout = <T extends { readonly triggerId: string; readonly player: string }>(queue: Pending<T>, player: string): Pending<T> => {
  const items = queue.items.filter((item) => item.player !== player);
  return { items, lastResolver: items.length === 0 ? null : queue.lastResolver };
};

/** A new turn: the bag starts with the new active player (7.7.4.2). */
export const pendingNewTurn = <T extends { readonly triggerId: string; readonly player: string }>(queue: Pending<T>): Pending<T> => ({
  ...queue,
  lastResolver: null,
});

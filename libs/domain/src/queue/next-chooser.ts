import { PendingDiscipline } from '../rules/ruleset';

export interface QueuedFor {
  readonly player: string;
}

/**
 * Who chooses the next item to resolve.
 * Bag (Lorcana 7.7.4): the last resolver continues while it has items (7.7.4.3); otherwise the bag
 * goes to the first player in turn order, starting with the active player (7.7.4.2) or, once someone
 * has resolved, with the player after the last resolver (7.7.4.4, 7.7.4.5).
 * Stack: the controller of the item on top (last in, first out).
 */
export const nextChooser = (
  discipline: PendingDiscipline,
  players: readonly string[],
  activePlayer: string | null,
  lastResolver: string | null,
  items: readonly QueuedFor[],
): string | null => {
  if (items.length === 0) return null;
  if (discipline.kind === 'stack') return items[items.length - 1].player;
  const waiting = new Set(items.map((item) => item.player));
  if (lastResolver !== null && waiting.has(lastResolver)) return lastResolver;
  const start =
    lastResolver !== null
      ? players.indexOf(lastResolver) + 1
      : Math.max(0, activePlayer === null ? 0 : players.indexOf(activePlayer));
  for (let step = 0; step < players.length; step++) {
    const player = players[(start + step) % players.length];
    if (waiting.has(player)) return player;
  }
  return null;
};

/** For a stack: the item to resolve next (the top). For the bag the chooser picks any of theirs. */
export const nextItem = <T extends { readonly triggerId: string }>(discipline: PendingDiscipline, items: readonly T[]): string | null =>
  discipline.kind === 'stack' && items.length > 0 ? items[items.length - 1].triggerId : null;

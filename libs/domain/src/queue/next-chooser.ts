import { PendingDiscipline } from '../rules/ruleset';

export interface QueuedFor {
  readonly player: string;
}

/**
 * Who chooses the next item to resolve.
 * Bag (Lorcana 7.7.4): the player the bag is with continues while they have items (7.7.4.3, 7.7.6);
 * otherwise the bag goes to the next player in turn order who has any, starting with the active
 * player before anyone has resolved (7.7.4.2) and after the resolving player once someone has
 * (7.7.4.4, 7.7.4.5).
 * Stack: the controller of the item on top (last in, first out).
 */
export const nextChooser = (
  discipline: PendingDiscipline,
  players: readonly string[],
  activePlayer: string | null,
  resolvingPlayer: string | null,
  items: readonly QueuedFor[],
): string | null => {
  if (items.length === 0) return null;
  if (discipline.kind === 'stack') return items[items.length - 1].player;
  const waiting = (player: string) => items.some((item) => item.player === player);
  if (resolvingPlayer !== null && waiting(resolvingPlayer)) return resolvingPlayer;
  const start = resolvingPlayer !== null ? players.indexOf(resolvingPlayer) + 1 : Math.max(0, activePlayer === null ? 0 : players.indexOf(activePlayer));
  for (let step = 0; step < players.length; step++) {
    const player = players[(start + step) % players.length];
    if (waiting(player)) return player;
  }
  return null;
};

/** For a stack: the item to resolve next (the top). For the bag the chooser picks any of theirs. */
export const nextItem = <T extends { readonly triggerId: string }>(discipline: PendingDiscipline, items: readonly T[]): string | null =>
  discipline.kind === 'stack' && items.length > 0 ? items[items.length - 1].triggerId : null;

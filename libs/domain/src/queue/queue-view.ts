import { PendingDiscipline } from '../rules/ruleset';
import { nextChooser, nextItem } from './next-chooser';
import { Pending, emptyPending } from './pending';

export interface ResolvingView<S> {
  readonly effectId: string;
  readonly player: string;
  readonly kind: 'action' | 'ability';
  readonly source?: S;
}

export interface QueueItemView<S> {
  readonly triggerId: string;
  readonly player: string;
  /** absent when this audience can not tell which card it is (a hidden card in a hand) */
  readonly source?: S;
  readonly ability: string;
  readonly kind: string;
}

/** The pending queue as every audience sees it: public like the bag itself (Lorcana 7.1.2.1). */
export interface QueueView<S> {
  readonly discipline: 'bag' | 'stack';
  readonly items: readonly QueueItemView<S>[];
  readonly resolvingPlayer: string | null;
  /** who chooses the next item to resolve (Lorcana 7.7.4); for a stack, the controller of its top item */
  readonly nextChooser: string | null;
  /** for a stack, the item that resolves next (last in, first out) */
  readonly next: string | null;
  /** effects still resolving; a played action's effect resolves before any bag ability (7.1.6.1) */
  readonly resolving: readonly ResolvingView<S>[];
  /** true while a played action's effect is resolving, so no bag ability may be chosen (7.1.6.1) */
  readonly waitingForAction: boolean;
}

/**
 * The queue as every audience sees it. Once the match has ended (`ended`), nothing is pending: no one plays a game that
 * is over, so nothing in the bag or on a stack waits to resolve, whatever the log left there (a winning quest's own
 * trigger, added in the step that reached 20 lore). The rules texts in ../shared/rules do not say what becomes of the
 * bag when the game ends; this is the reasoning, not a rule. The nearest rule is Lorcana 7.7.7: the abilities of a
 * player who leaves the game while they wait to resolve cease to exist. The state keeps what was left (the audit reads
 * it); only what is shown as pending is empty.
 */
export const queueView = <S>(
  discipline: PendingDiscipline,
  players: readonly string[],
  activePlayer: string | null,
  live: Pending<QueueItemView<S>>,
  liveResolving: readonly ResolvingView<S>[],
  ended: boolean = false,
): QueueView<S> => {
  const pending = ended ? emptyPending : live;
  const resolving = ended ? [] : liveResolving;
  return queueOf(discipline, players, activePlayer, pending, resolving);
};

const queueOf = <S>(
  discipline: PendingDiscipline,
  players: readonly string[],
  activePlayer: string | null,
  pending: Pending<QueueItemView<S>>,
  resolving: readonly ResolvingView<S>[],
): QueueView<S> => ({
  discipline: discipline.kind,
  items: pending.items,
  resolvingPlayer: pending.resolvingPlayer,
  nextChooser: nextChooser(discipline, players, activePlayer, pending.resolvingPlayer, pending.items),
  next: nextItem(discipline, pending.items),
  resolving,
  waitingForAction: discipline.kind === 'bag' && resolving.some((effect) => effect.kind === 'action'),
});

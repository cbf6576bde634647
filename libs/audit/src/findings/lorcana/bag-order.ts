import { nextChooser } from '@matchlog/domain';
import { CheckFactory } from '../check';

/**
 * BAG_OUT_OF_ORDER (7.7.4): a triggered ability resolved by a player who was not the one to choose,
 * or one that is not theirs. The chooser is the domain's bag check on the state before the event: the
 * active player first (7.7.4.2), the last resolver while they have abilities (7.7.4.3), then the next
 * player in turn order (7.7.4.4).
 */
export const bagOutOfOrder: CheckFactory = () => (step, report) => {
  const { event, before, layout } = step;
  if (event.type !== 'TriggerResolved') return;
  const { items, resolvingPlayer } = before.queue;
  const item = items.find((pending) => pending.triggerId === event.data.triggerId);
  if (item === undefined) return;
  const expected = nextChooser(layout.ruleset.pending, layout.playerIds, before.turn.player, resolvingPlayer, items);
  if (expected === null || (event.data.player === expected && item.player === expected)) return;
  const players = event.data.player === expected ? [expected, item.player] : [event.data.player, expected];
  report('BAG_OUT_OF_ORDER', players, { player: event.data.player, expected, trigger: event.data.triggerId });
};

/**
 * RESOLVED_DURING_ACTION (7.1.6.1): while the effect of a played action is resolving, no triggered
 * ability can be chosen to resolve (the judge queue's `waitingForAction`).
 */
export const resolvedDuringAction: CheckFactory = () => (step, report) => {
  const { event, before } = step;
  if (event.type !== 'TriggerResolved') return;
  if (!before.queue.items.some((pending) => pending.triggerId === event.data.triggerId)) return;
  const action = before.effects.find((effect) => effect.kind === 'action');
  if (action === undefined) return;
  report('RESOLVED_DURING_ACTION', [event.data.player], { player: event.data.player, trigger: event.data.triggerId, actionBy: action.player });
};

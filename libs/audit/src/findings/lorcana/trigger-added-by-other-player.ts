import { CheckFactory } from '../check';

/**
 * TRIGGER_ADDED_BY_OTHER_PLAYER (7.7.3.1): "Whenever a triggered ability's condition is met, the ability is added to the
 * bag by the player whose card generated it." The card's player is its owner: the texts give no other (no change of
 * control, and a card played into another player's Play zone is PLAYED_INTO_OPPONENT_PLAY, not theirs). A TriggerAdded
 * naming another player breaks the rule.
 */
export const triggerAddedByOtherPlayer: CheckFactory = () => (step, report) => {
  const { event, before, layout } = step;
  if (event.type !== 'TriggerAdded') return;
  const index = layout.cardIndex.get(event.data.sourceCardId);
  if (index === undefined) return;
  const expected = before.cards[index].owner;
  if (expected === null || expected === event.data.player) return;
  report('TRIGGER_ADDED_BY_OTHER_PLAYER', [event.data.player, expected], { player: event.data.player, expected, trigger: event.data.triggerId, cards: [event.data.sourceCardId] });
};

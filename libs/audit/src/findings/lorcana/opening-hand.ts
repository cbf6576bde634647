import { CheckFactory } from '../check';

const OPENING_HAND = 7;

/**
 * OPENING_HAND_NOT_SEVEN (7.3.1): "Players start the game with an 'opening hand' of 7 drawn cards". Read at the first
 * TurnStarted, once every mulligan is done: each player's hand then holds 7 cards. The texts say nothing more of
 * mulligans (2.2.1.4, which 7.3.1 points to, is not among them), so nothing more is checked of them.
 * Checked where the decks are registered lists (a paper match, MatchCreated.lists): the example and test logs of
 * digital matches start with small hands to stay short, and would all be accused.
 */
export const openingHandNotSeven: CheckFactory = () => {
  let checked = false;
  return (step, report) => {
    if (checked || step.event.type !== 'TurnStarted') return;
    checked = true;
    const { before, layout } = step;
    for (const player of layout.playerIds) {
      if (!layout.lists.has(player)) continue;
      const hand = layout.zoneIndex.get(`${layout.ruleset.handZone}@${player}`);
      const count = hand === undefined ? OPENING_HAND : before.zones[hand].length;
      if (count !== OPENING_HAND) report('OPENING_HAND_NOT_SEVEN', [player], { player, limit: OPENING_HAND, counts: String(count) });
    }
  };
};

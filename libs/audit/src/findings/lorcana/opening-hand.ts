import { CheckFactory } from '../check';
import { movesOf } from '../support';

const OPENING_HAND = 7;

/**
 * OPENING_HAND_NOT_SEVEN (7.3.1): "Players start the game with an 'opening hand' of 7 drawn cards". Read at the first
 * TurnStarted, once every mulligan is done: each player's hand then holds 7 cards. The texts say nothing more of
 * mulligans (2.2.1.4, which 7.3.1 points to, is not among them), so nothing more is checked of them.
 * Checked for each player whose opening deal the log records: a card moved into their hand before the first
 * TurnStarted (tcg.online's import records the deal), or whose deck is a registered list (a paper match, whose
 * recorder starts from the registered list). A log that starts at the first turn with no deal recorded (a hand given
 * in MatchCreated, as short example and test logs do) says nothing of how the hand was drawn, and is not read.
 */
export const openingHandNotSeven: CheckFactory = () => {
  let checked = false;
  const dealt = new Set<string>();
  return (step, report) => {
    const { event, before, after, layout } = step;
    if (checked) return;
    if (event.type !== 'TurnStarted') {
      for (const move of movesOf(event)) {
        const card = layout.cardIndex.get(move.cardId);
        if (card === undefined) continue;
        const zone = layout.zones[after.cards[card].zone];
        if (zone.definition.name === layout.ruleset.handZone && zone.player !== null) dealt.add(zone.player);
      }
      return;
    }
    checked = true;
    for (const player of layout.playerIds) {
      if (!layout.lists.has(player) && !dealt.has(player)) continue;
      const hand = layout.zoneIndex.get(`${layout.ruleset.handZone}@${player}`);
      const count = hand === undefined ? OPENING_HAND : before.zones[hand].length;
      if (count !== OPENING_HAND) report('OPENING_HAND_NOT_SEVEN', [player], { player, limit: OPENING_HAND, counts: String(count) });
    }
  };
};

import { MatchLayout, MatchState, zoneIndexOf } from '@matchlog/domain';
import { CheckFactory } from '../check';
import { movesOf } from '../support';

const LOOT = 'loot';

/**
 * NON_LOOT_IN_HAND ("Hand"): "The hand only ever consists of loot cards." The log tells a card's kind
 * only by the deck it starts the match in, or that deck's discard ("Decks", "Discard": four decks,
 * Treasure, Loot, Monster and Room, and a discard for each): a card that starts in the treasure,
 * monster or room deck or discard is not a loot card, and its move into a hand is flagged. A card
 * that starts anywhere else is of no kind the log can tell, and is never flagged.
 */
export const nonLootInHand: CheckFactory = () => {
  /** per card, the kind of the deck it started in, when not loot */
  let kinds: Map<number, string> | null = null;
  return (step, report) => {
    const { event, before, layout } = step;
    kinds ??= startingKinds(layout, before);
    for (const move of movesOf(event)) {
      const card = layout.cardIndex.get(move.cardId);
      const to = zoneIndexOf(layout, move.to);
      if (card === undefined || to === undefined || !kinds.has(card)) continue;
      const hand = layout.zones[to];
      if (hand.definition.name !== layout.ruleset.handZone || before.cards[card].zone === to) continue;
      report('NON_LOOT_IN_HAND', hand.player === null ? [] : [hand.player], { player: hand.player ?? undefined, cards: [move.cardId], kind: kinds.get(card), zone: hand.ref });
    }
  };
};

/** The state the first step starts from is the one MatchCreated made: every card in its starting zone. */
const startingKinds = (layout: MatchLayout, created: MatchState): Map<number, string> => {
  const kinds = new Map<number, string>();
  created.cards.forEach((card, index) => {
    const zone = layout.zones[card.zone].definition;
    if (zone.rule !== 'Decks' && zone.rule !== 'Discard') return;
    const kind = zone.name.replace(/-(deck|discard)$/, '');
    if (kind !== LOOT) kinds.set(index, kind);
  });
  return kinds;
};

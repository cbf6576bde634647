import { zoneIndexOf } from '@matchlog/domain';
import { CheckFactory } from '../check';
import { distinct, movesOf } from '../support';

const DECK = 'deck';

/**
 * DRAWN_FROM_OTHER_DECK (7.2.1): a player's deck "is where a player draws cards from". A card that goes from one player's
 * deck into another player's hand with no effect named (`source`) is a draw from a deck that is not the drawer's.
 */
export const drawnFromOtherDeck: CheckFactory = () => (step, report) => {
  const { event, before, layout } = step;
  const byDrawer = new Map<string, string[]>();
  let deck: (typeof layout.zones)[number] | undefined;
  for (const move of movesOf(event)) {
    if (move.source !== undefined) continue;
    const card = layout.cardIndex.get(move.cardId);
    const to = zoneIndexOf(layout, move.to);
    if (card === undefined || to === undefined) continue;
    const from = layout.zones[before.cards[card].zone];
    const hand = layout.zones[to];
    if (from.definition.name !== DECK || hand.definition.name !== layout.ruleset.handZone || hand.player === null || from.player === hand.player) continue;
    byDrawer.set(hand.player, [...(byDrawer.get(hand.player) ?? []), move.cardId]);
    deck = from;
  }
  for (const [player, cards] of byDrawer)
    report('DRAWN_FROM_OTHER_DECK', distinct([player, deck?.player]), { player, cards, zone: deck?.ref, expected: deck?.player ?? undefined });
};

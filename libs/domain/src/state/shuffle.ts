import { CardState, MatchLayout, MatchState } from './match-state';
import { landedCard } from './moves';

/**
 * Sets the zone's order to `order` (top first). A Four Souls deck that is empty and names a refill
 * discard takes that discard's cards in the shuffled order ("Decks": replaced at once by its shuffled discard).
 */
export const shuffleZone = (state: MatchState, layout: MatchLayout, zone: number | undefined, order: readonly string[]): MatchState => {
  if (zone === undefined) return state;
  const indices: number[] = [];
  for (const cardId of order) {
    const index = layout.cardIndex.get(cardId);
    if (index !== undefined) indices.push(index);
  }
  const cards: CardState[] = state.cards.slice();
  const zones = state.zones.slice();
  for (const index of indices) {
    const card = cards[index];
    if (card.zone !== zone) {
      zones[card.zone] = zones[card.zone].filter((c) => c !== index);
      cards[index] = landedCard(layout, card, zone, true);
    }
  }
  zones[zone] = indices;
  return { ...state, cards, zones };
};

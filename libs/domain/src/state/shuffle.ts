import { CardState, MatchLayout, MatchState } from './match-state';
import { landedCard } from './moves';
import { withDefinition } from './identity';
import { zoneIndexOf } from './layout';

/** The cards a paper shuffle (no order) gathers: the zone's own, or an empty refilling deck's discard's, where they lie. */
const shuffledAtTable = (state: MatchState, layout: MatchLayout, zone: number): readonly number[] => {
  const refill = layout.zones[zone].definition.refillFrom;
  if (state.zones[zone].length > 0 || refill === undefined) return state.zones[zone];
  const source = zoneIndexOf(layout, { zone: refill });
  return source === undefined ? [] : state.zones[source];
};

/**
 * Sets the zone's order to `order` (top first). A Four Souls deck that is empty and names a refill
 * discard takes that discard's cards in the shuffled order ("Decks": replaced at once by its shuffled discard).
 */
export const shuffleZone = (state: MatchState, layout: MatchLayout, zone: number | undefined, order: readonly string[] | undefined): MatchState => {
  if (zone === undefined) return state;
  const indices: number[] = [];
  if (order === undefined) indices.push(...shuffledAtTable(state, layout, zone));
  else
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
    // a paper shuffle: nobody knows where any card went, so none of them has a name any more
    if (order === undefined) cards[index] = withDefinition(cards[index], null);
  }
  zones[zone] = indices;
  return { ...state, cards, zones };
};

import { MatchCreated } from '@matchlog/domain';
import { CardCount } from './deck-facts';

/** A player's deck: the multiset of definitions of the cards they own in MatchCreated, by definition. */
export const deckOf = (created: MatchCreated, player: string): Map<string, number> => {
  const deck = new Map<string, number>();
  for (const card of created.cards) if (card.owner === player) deck.set(card.definition, (deck.get(card.definition) ?? 0) + 1);
  return deck;
};

export const sizeOf = (deck: ReadonlyMap<string, number>): number => [...deck.values()].reduce((sum, count) => sum + count, 0);

/** What `deck` has more of than `other`, by definition in alphabetical order. */
export const moreThan = (deck: ReadonlyMap<string, number>, other: ReadonlyMap<string, number>): CardCount[] =>
  [...deck]
    .filter(([definition, count]) => count > (other.get(definition) ?? 0))
    .map(([definition, count]) => ({ definition, count: count - (other.get(definition) ?? 0) }))
    .sort((a, b) => a.definition.localeCompare(b.definition));

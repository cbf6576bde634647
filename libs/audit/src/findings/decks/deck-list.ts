import type { DeckListCard } from '@matchlog/cards';
import { MatchCreated } from '@matchlog/domain';
import { CardCount } from './deck-facts';

/** A player's deck: their list in MatchCreated.lists (a paper match), or the multiset of the definitions of the cards they own, by definition. */
export const deckOf = (created: MatchCreated, player: string): Map<string, number> => {
  const deck = new Map<string, number>();
  const list = created.lists?.find((listed) => listed.player === player);
  // a paper match's deck is its registered list; its cards have no names until they are seen
  if (list !== undefined) for (const { definition, copies } of list.cards) deck.set(definition, (deck.get(definition) ?? 0) + copies);
  else for (const { owner, definition } of created.cards) if (owner === player && typeof definition === 'string') deck.set(definition, (deck.get(definition) ?? 0) + 1);
  return deck;
};

export const sizeOf = (deck: ReadonlyMap<string, number>): number => [...deck.values()].reduce((sum, count) => sum + count, 0);

/** What `deck` has more of than `other`, by definition in alphabetical order. */
export const moreThan = (deck: ReadonlyMap<string, number>, other: ReadonlyMap<string, number>): CardCount[] =>
  [...deck]
    .filter(([definition, count]) => count > (other.get(definition) ?? 0))
    .map(([definition, count]) => ({ definition, count: count - (other.get(definition) ?? 0) }))
    .sort((a, b) => a.definition.localeCompare(b.definition));

/**
 * A player's deck by part (Grand Archive): their list's entries with their sections, or the cards they own with a
 * definition, a card that starts in the material deck its material deck's, any other its main deck's.
 */
export const sectionedDeckOf = (created: MatchCreated, player: string): DeckListCard[] => {
  const list = created.lists?.find((listed) => listed.player === player);
  if (list !== undefined)
    return list.cards.map(({ definition, copies, printed, section }) => ({ line: 0, count: copies, definition, printed: printed ?? {}, ...(section && { section }) }));
  return created.cards.flatMap(({ owner, definition, printed, zone }) =>
    owner === player && typeof definition === 'string'
      ? [{ line: 0, count: 1, definition, printed: printed ?? {}, section: zone.zone === 'material-deck' ? ('material' as const) : ('main' as const) }]
      : [],
  );
};

import { DeckList, ListedCard, MatchCreated, PrintedFacts } from '../events/events';
import { CardState, MatchLayout } from './match-state';

/** Each player's deck list by definition, and the shared cards' under null: what a paper match's unidentified cards may be named (MatchCreated.lists). */
export type Lists = ReadonlyMap<string | null, ReadonlyMap<string, ListedCard>>;

export const NO_LISTS: Lists = new Map();

/**
 * A sideboard's entry is kept under its own key, so that it neither hides the deck's entry of the same name nor names a
 * card of the deck (a sideboard's cards are registered, not in a zone).
 */
const keyOf = (card: ListedCard) => (card.section === 'sideboard' ? `\u0000sideboard\u0000${card.definition}` : card.definition);

export const listsOf = (lists: readonly DeckList[] | undefined): Lists => {
  if (lists === undefined || lists.length === 0) return NO_LISTS;
  return new Map(lists.map((list) => [list.player, new Map(list.cards.map((card) => [keyOf(card), card]))]));
};

/** The cards of MatchCreated that nobody has identified: a paper match's decks. */
export const hasUnidentified = (created: MatchCreated): boolean => created.cards.some((card) => typeof card.definition !== 'string');

/** The printed facts an audience reads with a card's definition: MatchCreated's own, or its owner's list's (the shared list for a shared card) for a card named since. */
export const printedOf = (layout: MatchLayout, index: number, card: CardState): PrintedFacts | undefined => {
  if (card.definition === null) return undefined;
  const given = layout.printed[index];
  if (given !== undefined) return given;
  return layout.lists.get(card.owner)?.get(card.definition)?.printed;
};

/** The card with its identity as an event gives it: a name seen as it is revealed, or null (a correction takes the name back). */
export const withDefinition = (card: CardState, definition: string | null): CardState => (card.definition === definition ? card : { ...card, definition });

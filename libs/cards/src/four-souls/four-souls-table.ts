import { CardTable, NameLookup } from '../card-table';
import { FOUR_SOULS_ROWS, FOUR_SOULS_SOURCE } from './four-souls-cards.generated';
import { fourSoulsCardOfRow, FourSoulsCard } from './four-souls-card';

export { FOUR_SOULS_SOURCE };

/** The licence of the data the table is read from; the cards' names and numbers are facts, their text and art their owners' (not in the table). */
export const FOUR_SOULS_LICENSE_NOTE =
  'Card facts read from FourSoulsRepo/four_souls (code MIT; its NOTICE: card names, text and art belong to their owners). Only facts are taken: type, copies, HP, DC, ATK, rewards, souls and the character–starting item pairs; no rules text, no art.';

let table: CardTable<FourSoulsCard> | undefined;
let byId: Map<string, FourSoulsCard> | undefined;

/** The Four Souls card table, built on first use. */
export const fourSoulsTable = (): CardTable<FourSoulsCard> => (table ??= new CardTable(FOUR_SOULS_ROWS.map(fourSoulsCardOfRow)));

/** The Four Souls definition a text names (see CardTable.byName). */
export const fourSoulsByName = (text: string, suggestions?: number): NameLookup<FourSoulsCard> => fourSoulsTable().byName(text, suggestions);

const cardById = (id: string): FourSoulsCard | undefined => (byId ??= new Map(FOUR_SOULS_ROWS.map(fourSoulsCardOfRow).map((card) => [card.id, card]))).get(id);

/**
 * The starting item the source pairs with a character (its `related` eternal treasure, e.g. Isaac's The D6), or
 * undefined: a card that is no character, or a character the source pairs with none (Eden).
 */
export const startingItemOf = (character: FourSoulsCard): FourSoulsCard | undefined => {
  if (character.pile !== 'character') return undefined;
  return character.related.map(cardById).find((card) => card?.pile === 'starting-item');
};

/** Every card of the sets named (all sets when none), in the table's order. */
export const fourSoulsCardsOf = (sets?: readonly string[]): FourSoulsCard[] =>
  FOUR_SOULS_ROWS.map(fourSoulsCardOfRow).filter((card) => sets === undefined || sets.includes(card.set));

/** The sets the table holds. */
export const fourSoulsSets = (): string[] => [...new Set(FOUR_SOULS_ROWS.map(([, set]) => set))];

import {
  CardTable,
  DeckSection,
  ResolvedDeckList,
  TableCard,
  grandArchivePrinted,
  grandArchiveTable,
  isDeckSiteJson,
  lorcanaTable,
  printedFacts,
  resolveDeckList,
  resolveGrandArchiveDeckList,
} from '@matchlog/cards';
import type { PrintedFacts } from '@matchlog/domain';

/** A player's deck list as POST /matches takes it: text (every game), or a deck site's JSON object (Grand Archive). */
export type DeckListInput = string | Readonly<Record<string, unknown>>;

/** What POST /matches reads a game's deck lists with, and where each section's cards start. */
export interface GameDecks {
  /** the list's formats, for a message about one it cannot read */
  readonly formats: string;
  /** null: the list is not in one of the game's formats */
  readonly resolve: (list: DeckListInput) => ResolvedDeckList | null;
  /** the zone the cards of each section start in; a section without one (a sideboard) is registered in the list only */
  readonly zones: Partial<Record<DeckSection, string>>;
  /** card ids `<player><prefix><n>`, n from 1, per section */
  readonly idPrefix: Partial<Record<DeckSection, string>>;
  /** the printed facts of a structured card's definition that the table names once, as a whole definition */
  readonly printedOf: (definition: string) => PrintedFacts | undefined;
}

const printedFrom =
  <C extends TableCard>(table: () => CardTable<C>, printed: (card: C) => PrintedFacts) =>
  (definition: string): PrintedFacts | undefined => {
    const found = table().byName(definition, 0);
    return found.status === 'found' && found.matchedBy === 'definition' ? printed(found.card) : undefined;
  };

/** The games whose deck lists POST /matches reads (Four Souls has no decks of its own: a match is set up). */
export const GAME_DECKS: Readonly<Record<string, GameDecks>> = {
  lorcana: {
    formats: 'text, one card a line: the count then `Name - Version` (e.g. "4 Elsa - Snow Queen")',
    resolve: (list) => (typeof list === 'string' ? resolveDeckList(list, lorcanaTable()) : null),
    zones: { main: 'deck' },
    idPrefix: { main: '-' },
    printedOf: printedFrom(lorcanaTable, printedFacts),
  },
  'grand-archive': {
    formats:
      'an Omnidex export (`# Material Deck`, `# Main Deck`, `# Sideboard`, then `N Card Name` lines) or a deck site\'s JSON `{"cards": {"main": [{"quantity", "name", "uuid"}], "material": […], "sideboard": […]}}`',
    resolve: (list) => (typeof list === 'string' || isDeckSiteJson(list) ? resolveGrandArchiveDeckList(list, grandArchiveTable()) : null),
    zones: { main: 'main-deck', material: 'material-deck' },
    idPrefix: { main: '-', material: '-m' },
    printedOf: printedFrom(grandArchiveTable, grandArchivePrinted),
  },
};

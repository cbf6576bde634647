import { CardTable, NameLookup } from '../card-table';
import { LORCANA_ROWS, LORCANA_SOURCE } from './lorcana-cards.generated';
import { cardOfRow, LorcanaCard } from './lorcana-card';

export { LORCANA_SOURCE };

/** The license of the card files the table is read from; the cards' names and numbers are facts, their text and art Disney's (not in the table). */
export const LORCANA_LICENSE_NOTE =
  'Card facts read from the card files of TheCardGoat/lorcana-simulator (MIT). Names and numbers are facts; the rules text and art are Disney’s and are not included.';

let table: CardTable | undefined;

/** The Lorcana card table, built on first use. */
export const lorcanaTable = (): CardTable => (table ??= new CardTable(LORCANA_ROWS.map(cardOfRow)));

/** The Lorcana card of a tcg.online short id (e.g. "WeA"), or undefined. */
export const byShortId = (id: string): LorcanaCard | undefined => lorcanaTable().byShortId(id);

/** The Lorcana definition a text names (see CardTable.byName), with at most `suggestions` closest names when unknown. */
export const byName = (text: string, suggestions?: number): NameLookup => lorcanaTable().byName(text, suggestions);

/** Up to n Lorcana definition names closest to a text, best first. */
export const closest = (text: string, n: number): string[] => lorcanaTable().closest(text, n);

import { CardTable } from '../card-table';
import { GRAND_ARCHIVE_ROWS, GRAND_ARCHIVE_SOURCE } from './grand-archive-cards.generated';
import { GrandArchiveCard, grandArchiveCardOfRow } from './grand-archive-card';

export { GRAND_ARCHIVE_SOURCE };

/** The licence of the source the table is read from: only printed facts are taken from it. */
export const GRAND_ARCHIVE_LICENSE_NOTE =
  "Card facts read from OotTheMonk/GrandArchiveOnline's generated card dictionaries (GPL-3.0), themselves read from api.gatcg.com. Names and printed numbers are facts; the rules text, flavour text and art belong to the game's publisher and are not included.";

let table: CardTable<GrandArchiveCard> | undefined;

/** The Grand Archive card table, built on first use. */
export const grandArchiveTable = (): CardTable<GrandArchiveCard> => (table ??= new CardTable(GRAND_ARCHIVE_ROWS.map(grandArchiveCardOfRow)));

import type { PrintedFacts } from '@matchlog/domain';
import { CardTable, TableCard } from '../card-table';
import { printedFacts } from '../lorcana/lorcana-card';
import { DeckListEntry, MalformedLine, parseDeckList } from './parse-deck-list';

/** The part of a deck a line belongs to: Lorcana's lists are one deck (main); Grand Archive's have a material deck and a sideboard too. */
export type DeckSection = 'main' | 'material' | 'sideboard';

/** A card of a deck list, as the table names it. */
export interface DeckListCard {
  readonly line: number;
  readonly count: number;
  /** `Name - Version`, as the table names it */
  readonly definition: string;
  readonly printed: PrintedFacts;
  /** the section of a list that has several (Grand Archive); absent: the deck */
  readonly section?: DeckSection;
}

/** Why a line of a deck list names no card: not "count name", a name the table lacks, or one several cards share. */
export type DeckListProblem = 'malformed' | 'unknown' | 'ambiguous';

export interface BadDeckListLine {
  readonly line: number;
  readonly text: string;
  readonly problem: DeckListProblem;
  /** the closest names (unknown) or every name it may mean (ambiguous); empty for a malformed line */
  readonly closest: readonly string[];
  /** the section of a list that has several (Grand Archive) */
  readonly section?: DeckSection;
}

export type ResolvedDeckList = { readonly ok: true; readonly cards: readonly DeckListCard[] } | { readonly ok: false; readonly bad: readonly BadDeckListLine[] };

/** A card line to name, with its section, and optionally the table id it names (a deck site's uuid). */
export interface SectionEntry extends DeckListEntry {
  readonly section?: DeckSection;
  readonly id?: string;
}

/** A line that names no card before it is looked up, with its section. */
export interface SectionMalformed extends MalformedLine {
  readonly section?: DeckSection;
}

/** How many names an unknown line suggests. */
const SUGGESTIONS = 3;
/** Suggestions are computed for this many unknown lines at most (each is a search of the whole table); the rest list none. */
const SUGGESTED_LINES = 20;

/**
 * Names each entry's card from a table (by its id where given and known, else by name: see CardTable.byName), with the
 * printed facts `printed` reads of it; every bad line is listed, sorted by section then line.
 */
export const resolveEntries = <C extends TableCard>(
  entries: readonly SectionEntry[],
  malformed: readonly SectionMalformed[],
  table: CardTable<C>,
  printed: (card: C) => PrintedFacts,
): ResolvedDeckList => {
  const bad: BadDeckListLine[] = malformed.map(({ line, text, section }) => ({ line, text, problem: 'malformed', closest: [], ...(section && { section }) }));
  const cards: DeckListCard[] = [];
  let suggested = 0;
  const sectionOf = (entry: SectionEntry) => (entry.section === undefined ? {} : { section: entry.section });
  for (const entry of entries) {
    const byId = entry.id === undefined ? undefined : table.byShortId(entry.id);
    const found = byId ? table.byName(byId.definition, 0) : table.byName(entry.name, suggested < SUGGESTED_LINES ? SUGGESTIONS : 0);
    if (found.status === 'found') cards.push({ line: entry.line, count: entry.count, definition: found.definition, printed: printed(found.card), ...sectionOf(entry) });
    else if (found.status === 'ambiguous') bad.push({ line: entry.line, text: entry.text, problem: 'ambiguous', closest: found.candidates, ...sectionOf(entry) });
    else bad.push({ line: entry.line, text: entry.text, problem: 'unknown', closest: found.closest, ...sectionOf(entry) });
    if (found.status === 'unknown') suggested++;
  }
  const order: readonly (DeckSection | undefined)[] = [undefined, 'material', 'main', 'sideboard'];
  return bad.length > 0 ? { ok: false, bad: bad.sort((a, b) => order.indexOf(a.section) - order.indexOf(b.section) || a.line - b.line) } : { ok: true, cards };
};

/** Reads a Lorcana deck list (see parseDeckList) and names each line's card from the table (see CardTable.byName); every bad line is listed. */
export const resolveDeckList = (text: string, table: CardTable): ResolvedDeckList => {
  const { entries, malformed } = parseDeckList(text);
  return resolveEntries(entries, malformed, table, printedFacts);
};

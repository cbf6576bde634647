import type { PrintedFacts } from '@matchlog/domain';
import { CardTable } from '../card-table';
import { printedFacts } from '../lorcana/lorcana-card';
import { parseDeckList } from './parse-deck-list';

/** A card of a deck list, as the table names it. */
export interface DeckListCard {
  readonly line: number;
  readonly count: number;
  /** `Name - Version`, as the table names it */
  readonly definition: string;
  readonly printed: PrintedFacts;
}

/** Why a line of a deck list names no card: not "count name", a name the table lacks, or one several cards share. */
export type DeckListProblem = 'malformed' | 'unknown' | 'ambiguous';

export interface BadDeckListLine {
  readonly line: number;
  readonly text: string;
  readonly problem: DeckListProblem;
  /** the closest names (unknown) or every name it may mean (ambiguous); empty for a malformed line */
  readonly closest: readonly string[];
}

export type ResolvedDeckList = { readonly ok: true; readonly cards: readonly DeckListCard[] } | { readonly ok: false; readonly bad: readonly BadDeckListLine[] };

/** How many names an unknown line suggests. */
const SUGGESTIONS = 3;
/** Suggestions are computed for this many unknown lines at most (each is a search of the whole table); the rest list none. */
const SUGGESTED_LINES = 20;

/** Reads a deck list (see parseDeckList) and names each line's card from the table (see CardTable.byName); every bad line is listed. */
export const resolveDeckList = (text: string, table: CardTable): ResolvedDeckList => {
  const { entries, malformed } = parseDeckList(text);
  const bad: BadDeckListLine[] = malformed.map(({ line, text }) => ({ line, text, problem: 'malformed', closest: [] }));
  const cards: DeckListCard[] = [];
  let suggested = 0;
  for (const entry of entries) {
    const found = table.byName(entry.name, suggested < SUGGESTED_LINES ? SUGGESTIONS : 0);
    if (found.status === 'found') cards.push({ line: entry.line, count: entry.count, definition: found.definition, printed: printedFacts(found.card) });
    else if (found.status === 'ambiguous') bad.push({ line: entry.line, text: entry.text, problem: 'ambiguous', closest: found.candidates });
    else bad.push({ line: entry.line, text: entry.text, problem: 'unknown', closest: found.closest });
    if (found.status === 'unknown') suggested++;
  }
  return bad.length > 0 ? { ok: false, bad: bad.sort((a, b) => a.line - b.line) } : { ok: true, cards };
};

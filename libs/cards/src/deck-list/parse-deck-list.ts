/** One card line of a deck list: how many copies, and the name as written. */
export interface DeckListEntry {
  /** 1-based, as an editor numbers lines */
  readonly line: number;
  readonly text: string;
  readonly count: number;
  readonly name: string;
}

/** A line that is neither a card line, a blank line nor a comment. */
export interface MalformedLine {
  readonly line: number;
  readonly text: string;
}

export interface ParsedDeckList {
  readonly entries: readonly DeckListEntry[];
  readonly malformed: readonly MalformedLine[];
}

/** A line is read on at most this many characters: a card name is far shorter. */
export const MAX_LINE_LENGTH = 200;
/** More copies than any deck holds: the count is refused beyond it. */
export const MAX_COUNT = 99;

const COMMENT = /^(#|\/\/)/;
/** "4 Elsa - Snow Queen", "4x Elsa - Snow Queen" (the count, then the name). */
const CARD_LINE = /^(\d{1,2})\s*[xX×]?\s+(\S.*)$/u;

/**
 * Reads a deck list as Dreamborn, inkdecks and Limitless export it: one card a line, the count then
 * `Name - Version` ("4 Elsa - Snow Queen"); a count may be written "4x". Blank lines and comment lines
 * (starting with # or //) are skipped. Names are not looked up here: see resolveDeckList.
 */
export const parseDeckList = (text: string): ParsedDeckList => {
  const entries: DeckListEntry[] = [];
  const malformed: MalformedLine[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const line = i + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || COMMENT.test(trimmed)) return;
    const match = trimmed.length <= MAX_LINE_LENGTH ? CARD_LINE.exec(trimmed) : null;
    const count = match ? Number(match[1]) : 0;
    if (!match || count < 1 || count > MAX_COUNT) malformed.push({ line, text: trimmed.slice(0, MAX_LINE_LENGTH) });
    else entries.push({ line, text: trimmed, count, name: match[2].trim() });
  });
  return { entries, malformed };
};

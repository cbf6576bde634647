import { MatchlogError } from '@matchlog/client';
import { t } from '../../i18n';

/**
 * One line or setup name that names no card (422 DECK_LIST_UNKNOWN_CARDS's `lines`): Lorcana's and Grand Archive's
 * under `deckLists.<player>` (Grand Archive's with its section), Four Souls' under `setup.characters.<player>` or
 * `setup.startingItems.<player>`.
 */
export interface BadLine {
  readonly player: string;
  readonly line?: number;
  readonly text: string;
  readonly problem: 'unknown' | 'ambiguous' | 'malformed';
  readonly closest: readonly string[];
  readonly section?: string;
  readonly path?: string;
  /** the server's own words, where it gives a name's fault as `details` ({path, message}) rather than as a line */
  readonly message?: string;
}

export type SeatField = 'deck' | 'character' | 'startingItem';

/** A bad line and the field of the form it belongs under. */
export interface PlacedLine {
  readonly seat: string;
  readonly field: SeatField;
  readonly bad: BadLine;
}

/** A fault given as `{path, message}` (a Four Souls setup's names: `setup.characters.p3`), as a line of its seat. */
const detailLine = ({ path, message }: { path: string; message: string }): BadLine => ({
  player: path.split('.').at(-1) ?? '',
  text: /^"([^"]*)"/.exec(message)?.[1] ?? '',
  problem: 'unknown',
  closest: [],
  path,
  message,
});

const isDetail = (detail: unknown): detail is { path: string; message: string } =>
  typeof detail === 'object' && detail !== null && typeof (detail as { path?: unknown }).path === 'string' && typeof (detail as { message?: unknown }).message === 'string';

export const badLinesOf = (error: unknown): BadLine[] | null => {
  if (!(error instanceof MatchlogError) || error.code !== 'DECK_LIST_UNKNOWN_CARDS') return null;
  const { lines, details } = (error.body ?? {}) as { lines?: unknown; details?: unknown };
  if (Array.isArray(lines)) return lines as BadLine[];
  return Array.isArray(details) ? details.filter(isDetail).map(detailLine) : null;
};

const FIELD_OF_PATH: Record<string, SeatField> = { deckLists: 'deck', characters: 'character', startingItems: 'startingItem' };

/**
 * Where each bad line goes: the field its path names; without a path, a Four Souls name goes under the field that
 * holds it (a starting item typed there, else the character), a deck line under the deck list.
 */
export const placeBadLines = (lines: readonly BadLine[], deckLists: boolean, typed: (seat: string, field: SeatField) => string): PlacedLine[] =>
  lines.map((bad) => {
    const parts = bad.path?.split('.') ?? [];
    const named = parts.map((part) => FIELD_OF_PATH[part]).find((field) => field !== undefined);
    const seat = bad.path && parts.length > 1 ? parts.at(-1)! : bad.player;
    const field: SeatField = named ?? (deckLists ? 'deck' : typed(seat, 'startingItem').trim() === bad.text.trim() && bad.text.trim() !== '' ? 'startingItem' : 'character');
    return { seat, field, bad };
  });

/** Grand Archive's sections as printed in the Omnidex export; the server may name them by their key. */
const SECTION_KEYS: Record<string, 'material' | 'main' | 'sideboard'> = {
  material: 'material',
  'material deck': 'material',
  main: 'main',
  'main deck': 'main',
  sideboard: 'sideboard',
};

/** What the form says under the field: "Main Deck · Line 4 "3 Lorraine": no such card. Closest: …". */
export const badLineMessage = (bad: BadLine): string => {
  if (bad.message !== undefined) return bad.message;
  const section = bad.section === undefined ? undefined : SECTION_KEYS[bad.section.trim().toLowerCase()];
  const where = section ? `${t(`newMatch.section.${section}`)} · ` : bad.section ? `${bad.section} · ` : '';
  const head = bad.line === undefined ? t(`newMatch.name.${bad.problem}`, { text: bad.text }) : `${where}${t(`newMatch.line.${bad.problem}`, { line: bad.line, text: bad.text })}`;
  return bad.closest.length > 0 ? `${head} ${t('newMatch.closest', { names: bad.closest.join(', ') })}` : head;
};

/** Where line `line` (1-based, counting blank ones) of `text` starts and ends. */
export const lineRange = (text: string, line: number): [number, number] => {
  const lines = text.split('\n');
  const start = lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0);
  return [start, start + (lines[line - 1]?.length ?? 0)];
};

/**
 * The range to select for a bad line: its line where that line holds its text; else the first line that does (a
 * pasted JSON list, whose entries are not the lines as typed); else its line number.
 */
export const badLineRange = (text: string, bad: BadLine): [number, number] => {
  const lines = text.split('\n');
  const needle = bad.text.trim();
  if (bad.line !== undefined && (needle === '' || lines[bad.line - 1]?.includes(needle))) return lineRange(text, bad.line);
  const found = needle === '' ? -1 : lines.findIndex((line) => line.includes(needle));
  if (found >= 0) return lineRange(text, found + 1);
  return lineRange(text, bad.line ?? 1);
};

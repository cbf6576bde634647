import { counts } from './card-figures';
import { MatchReading } from './reading';
import { Rate, wilson } from './wilson';

/**
 * What each game makes a deck's identity, as its public observations show it (docs/reference/stats.md, "Per game"): Four
 * Souls' character (the Character in its player's `play` zone from the setup on), Grand Archive's champion (the last
 * card of type Champion put into its player's `field`: a level-up puts the next one there). Lorcana's is its ink pair
 * (deck-table.ts), read from deck lists, not from play.
 */
export const LEADS: Readonly<Record<string, { readonly role: 'character' | 'champion'; readonly zone: string; readonly type: RegExp; readonly last: boolean }>> = {
  'four-souls': { role: 'character', zone: 'play', type: /^character\b/i, last: false },
  'grand-archive': { role: 'champion', zone: 'field', type: /\bchampion\b/i, last: true },
};

/** One player's side of one counted match by its lead, and how many players sat at the table. */
export interface LeadSide {
  readonly lead: string;
  readonly seats: number;
  readonly won: 0 | 1 | null;
  readonly onPlay: boolean;
}

/** A character's or champion's public figures at tables of one size. */
export interface LeadFigures {
  readonly lead: string;
  readonly role: 'character' | 'champion';
  /** players at the table: Four Souls is played by two to four */
  readonly seats: number;
  readonly games: number;
  readonly winRate: Rate;
  /** games it took the first turn in */
  readonly onPlay: Rate;
  /** its share of the sides counted at tables of this size */
  readonly share: number;
}

/** Each side of each counted match whose lead this reading saw. */
export const leadSides = (readings: readonly MatchReading[]): LeadSide[] =>
  readings.flatMap((m) => (!counts(m) ? [] : m.seats.flatMap((s) => (s.lead === undefined ? [] : [{ lead: s.lead, seats: m.seats.length, won: s.won, onPlay: s.onPlay }]))));

const rate = (sides: readonly LeadSide[]): Rate => {
  const decided = sides.filter((s) => s.won !== null);
  return wilson(
    decided.reduce((sum, s) => sum + s.won!, 0),
    decided.length,
  );
};

/** The lead table of `game`: per lead and table size, most games first, then by seats and name. */
export const leadTableOf = (game: string, all: readonly LeadSide[]): LeadFigures[] => {
  const role = LEADS[game]?.role;
  if (role === undefined) return [];
  const groups = new Map<string, LeadSide[]>();
  for (const side of all) groups.set(`${side.seats}\u0000${side.lead}`, [...(groups.get(`${side.seats}\u0000${side.lead}`) ?? []), side]);
  const atTables = (seats: number) => all.filter((s) => s.seats === seats).length;
  return [...groups.values()]
    .map((list) => ({
      lead: list[0].lead,
      role,
      seats: list[0].seats,
      games: list.length,
      winRate: rate(list),
      onPlay: rate(list.filter((s) => s.onPlay)),
      share: Math.round((list.length / atTables(list[0].seats)) * 1e4) / 1e4,
    }))
    .sort((a, b) => b.games - a.games || a.seats - b.seats || (a.lead < b.lead ? -1 : a.lead > b.lead ? 1 : 0));
};

export const leadTable = (game: string, readings: readonly MatchReading[]): LeadFigures[] => leadTableOf(game, leadSides(readings));

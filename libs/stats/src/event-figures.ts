import { HandFigures, handFigures, ownGames } from './hand-figures';
import { MatchReading } from './reading';

/** The organizer's default K: an event's figures need at least this many players. */
export const DEFAULT_MIN_PLAYERS = 20;

/** One match of the event: whether it has ended, and each of its players' readings of it (their own seat). */
export interface EventMatch {
  readonly matchId: string;
  readonly ended: boolean;
  readonly readings: readonly MatchReading[];
}

export type EventFigures =
  | { readonly released: true; readonly players: number; readonly matches: number; readonly minPlayers: number; readonly cards: readonly HandFigures[] }
  | { readonly released: false; readonly reason: 'EVENT_NOT_OVER' | 'TOO_FEW_PLAYERS'; readonly minPlayers: number };

/** A player counted once across the event: by name where the match gives one, else by the match and seat. */
const playerKey = (matchId: string, reading: MatchReading): string => {
  const seat = reading.seats.find((s) => s.player === reading.audience);
  return seat?.name !== undefined ? `name:${seat.name}` : `seat:${matchId}:${reading.audience}`;
};

/**
 * The organizer's 17lands family over an event: only once every match of it has ended, and only over at least
 * `minPlayers` players. Withheld, the answer names neither the number of players nor anything of the games.
 */
export const eventFigures = (matches: readonly EventMatch[], minPlayers = DEFAULT_MIN_PLAYERS): EventFigures => {
  if (matches.length === 0 || matches.some((m) => !m.ended)) return { released: false, reason: 'EVENT_NOT_OVER', minPlayers };
  const players = new Set(matches.flatMap((m) => m.readings.map((r) => playerKey(m.matchId, r))));
  if (players.size < minPlayers) return { released: false, reason: 'TOO_FEW_PLAYERS', minPlayers };
  return { released: true, players: players.size, matches: matches.length, minPlayers, cards: handFigures(ownGames(matches.flatMap((m) => m.readings))) };
};

/** What one audience saw a card do for one player in one match (by definition). */
export interface CardLine {
  copiesPlayed: number;
  /** the turn number of the first copy played, null when none was */
  firstTurn: number | null;
  quests: number;
  lore: number;
  challenges: number;
  /** opposing cards banished in this card's challenges */
  banishes: number;
  /** times this card was banished from play */
  banished: number;
  /** an action sung: played with a character of its player exerted right after it, neither questing nor challenging */
  songsSung: number;
  /** times this character was exerted to sing */
  sang: number;
}

/** One player of a match, as one audience read it. */
export interface SeatReading {
  readonly player: string;
  readonly name?: string;
  /** 1 win, 0 loss, null a draw or no result */
  readonly won: 0 | 1 | null;
  /** took the first turn */
  readonly onPlay: boolean;
  /** the deck's definitions, sorted, when this audience received the deck list (MatchEnded's shuffles) */
  readonly deck?: readonly string[];
  /** the deck's inks, sorted and joined with "/" (e.g. "Amber/Steel"), with the deck list */
  readonly inks?: string;
  /** Four Souls' character or Grand Archive's champion, as this audience saw it in play (lead-table.ts LEADS) */
  readonly lead?: string;
  /** cards seen played, by definition */
  readonly cards: Readonly<Record<string, CardLine>>;
  /** this audience's own hand, for the player's own seat only */
  readonly hand?: HandReading;
}

/** What a player saw of their own hand (17lands' game-in-hand family). */
export interface HandReading {
  /** the first cards drawn, before any mulligan */
  readonly initial: readonly string[];
  /** put back in a mulligan */
  readonly mulliganed: readonly string[];
  /** the hand kept: in hand when the first turn began */
  readonly opening: readonly string[];
  /** drawn from the deck after the first turn began */
  readonly drawn: readonly string[];
}

/** One match as one audience read it: a fold over that audience's observations and nothing else. */
export interface MatchReading {
  readonly audience: string;
  readonly game: string | null;
  readonly event?: string;
  readonly format?: string;
  readonly ended: boolean;
  readonly voided: boolean;
  readonly draw: boolean;
  /** the highest turn number seen */
  readonly turns: number;
  /** whether this audience received the deck lists (always the players; the public only with publicDeckLists) */
  readonly deckLists: boolean;
  readonly seats: readonly SeatReading[];
}

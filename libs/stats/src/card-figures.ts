import { MatchReading } from './reading';
import { Rate, wilson } from './wilson';

/** One card's public figures over many matches. */
export interface CardFigures {
  readonly card: string;
  /** games (one player's side of one match) in which a copy was seen played */
  readonly games: number;
  readonly copiesPlayed: number;
  /** wins of those games: the played win rate */
  readonly playedWinRate: Rate;
  /** games in whose deck list it was, where deck lists are public: 17lands' GP WR */
  readonly deckWinRate: Rate;
  /** the mean turn number of the first copy played */
  readonly averageFirstTurn: number | null;
  readonly questsPerGame: number;
  readonly lorePerGame: number;
  readonly challenges: number;
  readonly banishes: number;
  readonly banished: number;
  readonly songsSung: number;
  readonly sang: number;
  /** the turn-first-played histogram: turn → games (its games add up to the games averageFirstTurn is over) */
  readonly firstTurns: Readonly<Record<string, number>>;
}

/** Counted: matches that ended and were not voided. */
export const counts = (m: MatchReading): boolean => m.ended && !m.voided;

const per = (total: number, games: number): number => (games === 0 ? 0 : Math.round((total / games) * 1000) / 1000);

/** One card's counts: what the projection keeps per card and adds up; CardFigures are made from them. */
export interface CardTally {
  games: number;
  wins: number;
  decided: number;
  deckGames: number;
  deckWins: number;
  copies: number;
  firstTurnSum: number;
  firstTurnGames: number;
  quests: number;
  lore: number;
  challenges: number;
  banishes: number;
  banished: number;
  songsSung: number;
  sang: number;
  firstTurns: Record<string, number>;
}

export const emptyTally = (): CardTally => ({
  games: 0,
  wins: 0,
  decided: 0,
  deckGames: 0,
  deckWins: 0,
  copies: 0,
  firstTurnSum: 0,
  firstTurnGames: 0,
  quests: 0,
  lore: 0,
  challenges: 0,
  banishes: 0,
  banished: 0,
  songsSung: 0,
  sang: 0,
  firstTurns: {},
});

/** Each card's counts over the readings (a match's contribution, when given one). */
export const cardTallies = (readings: readonly MatchReading[]): Map<string, CardTally> => {
  const tallies = new Map<string, CardTally>();
  const tally = (card: string) => {
    let t = tallies.get(card);
    if (t === undefined) tallies.set(card, (t = emptyTally()));
    return t;
  };
  for (const match of readings) {
    if (!counts(match)) continue;
    for (const seat of match.seats) {
      for (const [card, line] of Object.entries(seat.cards)) {
        const t = tally(card);
        if (line.copiesPlayed > 0) {
          t.games++;
          t.copies += line.copiesPlayed;
          if (seat.won !== null) {
            t.decided++;
            t.wins += seat.won;
          }
          if (line.firstTurn !== null) {
            t.firstTurnSum += line.firstTurn;
            t.firstTurnGames++;
            t.firstTurns[line.firstTurn] = (t.firstTurns[line.firstTurn] ?? 0) + 1;
          }
        }
        t.quests += line.quests;
        t.lore += line.lore;
        t.challenges += line.challenges;
        t.banishes += line.banishes;
        t.banished += line.banished;
        t.songsSung += line.songsSung;
        t.sang += line.sang;
      }
      if (seat.deck !== undefined && seat.won !== null) {
        for (const card of new Set(seat.deck)) {
          const t = tally(card);
          t.deckGames++;
          t.deckWins += seat.won;
        }
      }
    }
  }
  return tallies;
};

/** A card's figures from its counts. */
export const cardFigures = (card: string, t: CardTally): CardFigures => ({
  card,
  games: t.games,
  copiesPlayed: t.copies,
  playedWinRate: wilson(t.wins, t.decided),
  deckWinRate: wilson(t.deckWins, t.deckGames),
  averageFirstTurn: t.firstTurnGames === 0 ? null : per(t.firstTurnSum, t.firstTurnGames),
  questsPerGame: per(t.quests, t.games),
  lorePerGame: per(t.lore, t.games),
  challenges: t.challenges,
  banishes: t.banishes,
  banished: t.banished,
  songsSung: t.songsSung,
  sang: t.sang,
  firstTurns: t.firstTurns,
});

/** Most played first, then most listed, then by name. */
export const byGames = (a: CardFigures, b: CardFigures): number =>
  b.games - a.games || b.deckWinRate.games - a.deckWinRate.games || (a.card < b.card ? -1 : a.card > b.card ? 1 : 0);

/** `t` plus `sign` times `h`, key by key, the turn histogram too (turns left with no game dropped). */
export const plusTally = (t: CardTally, h: CardTally | undefined, sign: 1 | -1): CardTally => {
  if (h === undefined) return t;
  const firstTurns = Object.fromEntries(
    [...new Set([...Object.keys(t.firstTurns), ...Object.keys(h.firstTurns)])]
      .map((turn) => [turn, (t.firstTurns[turn] ?? 0) + sign * (h.firstTurns[turn] ?? 0)])
      .filter(([, games]) => Number(games) > 0),
  );
  const sum = Object.fromEntries(
    (Object.keys(t) as (keyof CardTally)[]).filter((key) => key !== 'firstTurns').map((key) => [key, (t[key] as number) + sign * (h[key] as number)]),
  ) as Omit<CardTally, 'firstTurns'>;
  return { ...sum, firstTurns };
};

/**
 * The card table from each card's counts (the statistics projection's, summed by the catalog): the cards some counted
 * game played, listed or banished, made figures, sorted by games (a card whose every game was taken out again, by a
 * void or a delay, is not listed).
 */
export const cardTableOf = (tallies: ReadonlyMap<string, CardTally>): CardFigures[] =>
  [...tallies]
    .map(([card, t]) => cardFigures(card, t))
    .filter((figures) => figures.games > 0 || figures.deckWinRate.games > 0 || figures.banished > 0)
    .sort(byGames);

/** The public card table: a fold over the public's match readings, sorted by games, then name. */
export const cardTable = (readings: readonly MatchReading[]): CardFigures[] => [...cardTallies(readings)].map(([card, t]) => cardFigures(card, t)).sort(byGames);

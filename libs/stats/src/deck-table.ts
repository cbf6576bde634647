import { counts } from './card-figures';
import { MatchReading } from './reading';
import { Rate, wilson } from './wilson';

/** One ink pair's public figures, from matches whose deck lists the public received. */
export interface DeckFigures {
  readonly inks: string;
  readonly games: number;
  readonly winRate: Rate;
  /** games it took the first turn in */
  readonly onPlay: Rate;
  readonly onDraw: Rate;
  /** its share of all decks (player sides) counted */
  readonly metaShare: number;
}

export interface Matchup {
  readonly inks: string;
  readonly against: string;
  readonly winRate: Rate;
}

/** One player's side of one match, by ink pair: what the projection keeps per match. */
export interface DeckSide {
  readonly inks: string;
  readonly against: string;
  readonly won: 0 | 1 | null;
  readonly onPlay: boolean;
}

/** Each player's side of each counted two-player match whose deck lists this reading holds. */
export const deckSides = (readings: readonly MatchReading[]): DeckSide[] =>
  readings.flatMap((m) => {
    if (!counts(m) || !m.deckLists || m.seats.length !== 2) return [];
    const [a, b] = m.seats;
    if (a.inks === undefined || b.inks === undefined) return [];
    return [
      { inks: a.inks, against: b.inks, won: a.won, onPlay: a.onPlay },
      { inks: b.inks, against: a.inks, won: b.won, onPlay: b.onPlay },
    ];
  });

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export const deckTable = (readings: readonly MatchReading[]): DeckFigures[] => deckTableOf(deckSides(readings));

export const deckTableOf = (all: readonly DeckSide[]): DeckFigures[] => {
  const groups = new Map<string, DeckSide[]>();
  for (const side of all) groups.set(side.inks, [...(groups.get(side.inks) ?? []), side]);
  const rate = (list: DeckSide[]) => {
    const decided = list.filter((s) => s.won !== null);
    return wilson(
      decided.reduce((sum, s) => sum + s.won!, 0),
      decided.length,
    );
  };
  return [...groups]
    .map(([inks, list]) => ({
      inks,
      games: list.length,
      winRate: rate(list),
      onPlay: rate(list.filter((s) => s.onPlay)),
      onDraw: rate(list.filter((s) => !s.onPlay)),
      metaShare: Math.round((list.length / all.length) * 1e4) / 1e4,
    }))
    .sort((a, b) => b.games - a.games || byName(a.inks, b.inks));
};

export const matchups = (readings: readonly MatchReading[]): Matchup[] => matchupsOf(deckSides(readings));

export const matchupsOf = (all: readonly DeckSide[]): Matchup[] => {
  const groups = new Map<string, { inks: string; against: string; wins: number; games: number }>();
  for (const side of all) {
    if (side.won === null) continue;
    const key = `${side.inks}\u0000${side.against}`;
    const group = groups.get(key) ?? { inks: side.inks, against: side.against, wins: 0, games: 0 };
    group.wins += side.won;
    group.games++;
    groups.set(key, group);
  }
  return [...groups.values()]
    .map((g) => ({ inks: g.inks, against: g.against, winRate: wilson(g.wins, g.games) }))
    .sort((a, b) => byName(a.inks, b.inks) || byName(a.against, b.against));
};

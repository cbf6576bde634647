import { counts } from './card-figures';
import { HandReading, MatchReading } from './reading';
import { Rate, wilson } from './wilson';

/** 17lands' game-in-hand family for one card, over one player's games (or an event's, for its organizer). */
export interface HandFigures {
  readonly card: string;
  /** opening hand: in the hand kept */
  readonly openingHand: Rate;
  /** games drawn: drawn after the first turn began */
  readonly drawn: Rate;
  /** games in hand: in the opening hand or drawn */
  readonly inHand: Rate;
  /** games not seen: in the deck, never in hand */
  readonly notSeen: Rate;
  /** improvement when drawn: GIH WR − GNS WR, in percentage points; null without both */
  readonly improvementInHand: number | null;
  /** of the games it was in the first hand drawn, how many it was put back in a mulligan (wins: mulligans) */
  readonly mulligan: Rate;
}

/** One player's side of one match, with what they saw of their own hand. */
export interface OwnGame {
  readonly hand: HandReading;
  readonly deck?: readonly string[];
  readonly won: 0 | 1 | null;
}

interface Count {
  wins: number;
  games: number;
}

const zero = (): Count => ({ wins: 0, games: 0 });

/** The family over a list of games: the cards of each game counted once per game. */
export const handFigures = (games: readonly OwnGame[]): HandFigures[] => {
  const table = new Map<string, { oh: Count; gd: Count; gih: Count; gns: Count; mull: Count }>();
  const row = (card: string) => {
    let r = table.get(card);
    if (r === undefined) table.set(card, (r = { oh: zero(), gd: zero(), gih: zero(), gns: zero(), mull: zero() }));
    return r;
  };
  const add = (count: Count, won: 0 | 1) => {
    count.games++;
    count.wins += won;
  };
  for (const game of games) {
    const opening = new Set(game.hand.opening);
    const drawn = new Set(game.hand.drawn);
    const mulliganed = new Set(game.hand.mulliganed);
    for (const card of new Set(game.hand.initial)) add(row(card).mull, mulliganed.has(card) ? 1 : 0);
    if (game.won === null) continue;
    for (const card of opening) add(row(card).oh, game.won);
    for (const card of drawn) add(row(card).gd, game.won);
    for (const card of new Set([...opening, ...drawn])) add(row(card).gih, game.won);
    for (const card of new Set(game.deck ?? [])) if (!opening.has(card) && !drawn.has(card)) add(row(card).gns, game.won);
  }
  return [...table]
    .map(([card, r]) => {
      const inHand = wilson(r.gih.wins, r.gih.games);
      const notSeen = wilson(r.gns.wins, r.gns.games);
      return {
        card,
        openingHand: wilson(r.oh.wins, r.oh.games),
        drawn: wilson(r.gd.wins, r.gd.games),
        inHand,
        notSeen,
        improvementInHand: inHand.rate === null || notSeen.rate === null ? null : Math.round((inHand.rate - notSeen.rate) * 1e4) / 100,
        mulligan: wilson(r.mull.wins, r.mull.games),
      };
    })
    .sort((a, b) => b.inHand.games - a.inHand.games || b.mulligan.games - a.mulligan.games || (a.card < b.card ? -1 : a.card > b.card ? 1 : 0));
};

/** A player's own games: from readings made with that player's own observations (audience = the player). */
export const ownGames = (readings: readonly MatchReading[]): OwnGame[] =>
  readings.flatMap((m) => {
    if (!counts(m)) return [];
    const seat = m.seats.find((s) => s.player === m.audience);
    return seat?.hand === undefined ? [] : [{ hand: seat.hand, ...(seat.deck !== undefined && { deck: seat.deck }), won: seat.won }];
  });

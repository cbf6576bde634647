import type { CardStats, CardStatsOne, CardStatsQuery, DeckStats, LeadStats, MatchupStats } from '@matchlog/client';
import { api, query } from '../../api/client';

export type { CardStats, CardStatsOne, DeckStats, LeadStats, MatchupStats };
export type CardRow = CardStats['cards'][number];
export type Rate = CardRow['playedWinRate'];
export type Game = CardStatsQuery['game'];

/** The games /viewer/stats chooses between, in the selector's order. */
export const GAMES: readonly Game[] = ['lorcana', 'grand-archive', 'four-souls'];
/** The game the address names, Lorcana by default. */
export const gameOf = (name: string): Game => ((GAMES as readonly string[]).includes(name) ? (name as Game) : 'lorcana');

/** GET /stats/… (public figures: the page sends no token). */
export const cardStats = (game: Game): Promise<CardStats> => api().cardStats({ game });
export const cardStatsOf = (game: Game, card: string): Promise<CardStatsOne> => api().cardStatsOf(card, { game });
export const deckStats = (game: Game): Promise<DeckStats> => api().deckStats({ game });
export const matchupStats = (game: Game): Promise<MatchupStats> => api().matchupStats({ game });
export const leadStats = (game: Game): Promise<LeadStats> => api().leadStats({ game });

/** The card table as CSV. */
export const cardStatsCsvHref = (game: Game) => `/stats/cards${query({ game, output: 'csv' })}`;

import { t } from '../../i18n';
import type { CardRow, Rate } from './stats-data';

export const percent = (value: number | null) => (value === null ? '–' : `${Math.round(value * 1000) / 10}%`);

export const rateText = (rate: Rate) =>
  rate.rate === null ? t('stats.noGames') : t('stats.rate', { rate: percent(rate.rate), low: percent(rate.low), high: percent(rate.high), games: rate.games });

/** The card table's order: the column its header buttons chose, and which way. */
export interface CardSort {
  readonly key: string;
  readonly descending: boolean;
}

export const openedSort: CardSort = { key: 'games', descending: true };

/** A header pressed: the same column again turns the order round; another starts high to low (the card's name, A to Z). */
export const sortBy = (sort: CardSort, key: string): CardSort => ({ key, descending: key === sort.key ? !sort.descending : key !== 'card' });

/** What each column sorts by. */
export const SORT_VALUES: Record<string, (row: CardRow) => number | string> = {
  card: (r) => r.card,
  games: (r) => r.games,
  copies: (r) => r.copiesPlayed,
  winRate: (r) => r.playedWinRate.rate ?? -1,
  turn: (r) => r.averageFirstTurn ?? Infinity,
  quests: (r) => r.questsPerGame,
  lore: (r) => r.lorePerGame,
  challenges: (r) => r.challenges,
  banishes: (r) => r.banishes,
  songs: (r) => r.songsSung,
};

/** Lorcana's own words (quests, lore, challenges, banishes, songs): the other games' card tables leave them out. */
const LORCANA_ONLY = new Set(['quests', 'lore', 'challenges', 'banishes', 'songs']);

/** The card table's columns for the game, in order. */
export const columnKeys = (game: string): string[] => Object.keys(SORT_VALUES).filter((key) => game === 'lorcana' || !LORCANA_ONLY.has(key));

export const sortedRows = (rows: readonly CardRow[], sort: CardSort): CardRow[] => {
  const value = SORT_VALUES[sort.key];
  return [...rows].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    const order = typeof x === 'string' ? x.localeCompare(String(y)) : x - (y as number);
    return sort.descending ? -order : order;
  });
};

export const HIST_W = 480;
export const HIST_H = 200;
/** room for the axes: the games' labels on the left, the turns' under the bars */
export const PLOT = { left: 44, right: 8, top: 10, bottom: 40 };

/** The turn-first-played histogram's scale: the turns in order, the ticks (whole games, at most five), where a count and a turn fall. */
export const histogramScale = (firstTurns: Record<string, number>) => {
  const turns = Object.keys(firstTurns)
    .map(Number)
    .sort((a, b) => a - b);
  const most = Math.max(1, ...Object.values(firstTurns));
  const last = Math.max(1, ...turns);
  const width = HIST_W - PLOT.left - PLOT.right;
  const height = HIST_H - PLOT.top - PLOT.bottom;
  const base = PLOT.top + height;
  const slot = width / last;
  const step = Math.max(1, Math.ceil(most / 4));
  const top = Math.ceil(most / step) * step;
  const y = (games: number) => base - (height * games) / top;
  const ticks = Array.from({ length: top / step + 1 }, (_, i) => i * step);
  // past twenty turns, every fifth is labelled (and the first)
  const labelled = Array.from({ length: last }, (_, i) => i + 1).filter((turn) => last <= 20 || turn % 5 === 0 || turn === 1);
  return { turns, width, height, base, slot, y, ticks, labelled };
};

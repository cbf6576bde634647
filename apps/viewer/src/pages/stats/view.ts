import { h } from '../../dom';
import { MessageKey, t } from '../../i18n';
import { statsHref } from '../../route';
import { deckList, leadList, matchupGrid, rateBar } from './figures';
import { histogram } from './histogram';
import { CardSort, columnKeys, percent, rateText, sortedRows } from './state';
import { CardRow, CardStatsOne, DeckStats, GAMES, Game, LeadStats, MatchupStats, cardStatsCsvHref } from './stats-data';

type Nodes = (Node | string | null | undefined)[];

const LABELS: Record<string, MessageKey> = {
  card: 'stats.card',
  games: 'stats.games',
  copies: 'stats.copies',
  winRate: 'stats.playedWinRate',
  turn: 'stats.firstTurn',
  quests: 'stats.questsPerGame',
  lore: 'stats.lorePerGame',
  challenges: 'stats.challenges',
  banishes: 'stats.banishes',
  songs: 'stats.songs',
};

const cardHref = (game: string, card: string) => `/viewer/stats?${new URLSearchParams({ game, card }).toString()}`;

const cell = (game: string, key: string, r: CardRow): Node | string => {
  if (key === 'card') return h('a', { href: cardHref(game, r.card) }, r.card);
  if (key === 'winRate') return h('span', { class: 'rate' }, rateBar(r.playedWinRate), h('span', {}, ` ${percent(r.playedWinRate.rate)}`));
  if (key === 'turn') return r.averageFirstTurn === null ? '–' : String(r.averageFirstTurn);
  const counts: Record<string, number> = {
    games: r.games,
    copies: r.copiesPlayed,
    quests: r.questsPerGame,
    lore: r.lorePerGame,
    challenges: r.challenges,
    banishes: r.banishes,
    songs: r.songsSung,
  };
  return String(counts[key]);
};

/** The card table's contents, in the order chosen; its header buttons choose another (aria-sort says which). */
export const cardTableView = (game: string, rows: readonly CardRow[], sort: CardSort, onSort: (key: string) => void): Nodes => {
  const keys = columnKeys(game);
  return [
    h('caption', {}, t('stats.cardsCaption')),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        keys.map((key) =>
          h(
            'th',
            { scope: 'col', 'aria-sort': key === sort.key ? (sort.descending ? 'descending' : 'ascending') : 'none' },
            h('button', { type: 'button', 'data-sort': key, onclick: () => onSort(key) }, t(LABELS[key])),
          ),
        ),
      ),
    ),
    h(
      'tbody',
      {},
      sortedRows(rows, sort).map((row) =>
        h(
          'tr',
          { 'data-card': row.card },
          keys.map((key) => (key === 'card' ? h('th', { scope: 'row' }, cell(game, key, row)) : h('td', {}, cell(game, key, row)))),
        ),
      ),
    ),
  ];
};

/** The game selector: a link per game, the shown one marked current. */
const gameNav = (game: Game) =>
  h(
    'nav',
    { class: 'stats-games', 'aria-label': t('stats.gameNav') },
    GAMES.flatMap((g, i) => [i > 0 ? ' · ' : null, h('a', { href: statsHref(g), 'data-game': g, ...(g === game && { 'aria-current': 'page' }) }, t(`stats.game.${g}`))]),
  );

/** Every game's statistics page begins alike: the way back, the game selector, the title, the CSV and the card table. */
const cardsHead = (game: Game, rows: readonly CardRow[], table: HTMLElement): Nodes => [
  h('nav', {}, h('a', { href: '/viewer/' }, t('nav.matches'))),
  gameNav(game),
  h('h1', {}, t('stats.title')),
  h('p', {}, t('stats.public'), ' ', h('a', { href: cardStatsCsvHref(game), download: 'cards.csv' }, t('stats.csv'))),
  rows.length === 0 ? h('p', { role: 'status' }, t('stats.none')) : h('div', { class: 'stats-scroll' }, table),
];

/** Lorcana: the cards, then the ink pairs and their matchups. */
export const lorcanaView = (rows: readonly CardRow[], table: HTMLElement, decks: DeckStats['decks'], matchups: MatchupStats['matchups']): Nodes => [
  ...cardsHead('lorcana', rows, table),
  h('h2', {}, t('stats.decksTitle')),
  decks.length === 0 ? h('p', { role: 'status' }, t('stats.noDecks')) : deckList(decks),
  matchups.length === 0 ? null : h('div', { class: 'stats-scroll' }, matchupGrid(matchups)),
];

/** The other games: the cards, then the leads. */
export const leadsView = (game: Game, rows: readonly CardRow[], table: HTMLElement, leads: LeadStats['leads']): Nodes => [
  ...cardsHead(game, rows, table),
  h('h2', {}, t(`stats.leadsTitle.${game}`)),
  leads.length === 0 ? h('p', { role: 'status' }, t('stats.noLeads')) : h('div', { class: 'stats-scroll' }, leadList(game, leads)),
];

/** One card's figures and its turn-first-played histogram. */
export const cardView = (game: Game, one: CardStatsOne['card']): Nodes => [
  h('nav', {}, h('a', { href: statsHref(game) }, t('stats.back'))),
  h('h1', {}, one.card),
  h(
    'dl',
    { class: 'stats-card' },
    h('dt', {}, t('stats.games')),
    h('dd', {}, String(one.games)),
    h('dt', {}, t('stats.playedWinRate')),
    h('dd', {}, rateBar(one.playedWinRate), ` ${rateText(one.playedWinRate)}`),
    h('dt', {}, t('stats.firstTurn')),
    h('dd', {}, one.averageFirstTurn === null ? '–' : String(one.averageFirstTurn)),
    h('dt', {}, t('stats.questsPerGame')),
    h('dd', {}, String(one.questsPerGame)),
  ),
  histogram(one.firstTurns as Record<string, number>),
];

import { h, replaceChildren } from '../../dom';
import { t } from '../../i18n';
import { CardRow, GAMES, Game, LeadStats, Rate, cardStats, cardStatsCsvHref, cardStatsOf, deckStats, gameOf, leadStats, matchupStats } from './stats-data';
import { statsHref } from '../../route';
import { s } from '../../svg';

const percent = (value: number | null) => (value === null ? '–' : `${Math.round(value * 1000) / 10}%`);
const rateText = (rate: Rate) =>
  rate.rate === null ? t('stats.noGames') : t('stats.rate', { rate: percent(rate.rate), low: percent(rate.low), high: percent(rate.high), games: rate.games });

const BAR_W = 120;
const BAR_H = 14;

/** A win rate as a bar with its Wilson interval as a whisker; a low sample drawn faint. */
const rateBar = (rate: Rate) =>
  s(
    'svg',
    { class: `rate-bar${rate.lowSample ? ' low-sample' : ''}`, width: BAR_W, height: BAR_H, viewBox: `0 0 ${BAR_W} ${BAR_H}`, role: 'img', 'aria-label': rateText(rate) },
    s('title', {}, `${rateText(rate)}${rate.lowSample ? t('stats.lowSample') : ''}`),
    s('rect', { class: 'track', x: 0, y: 3, width: BAR_W, height: BAR_H - 6 }),
    rate.rate === null ? null : s('rect', { class: 'fill', x: 0, y: 3, width: rate.rate * BAR_W, height: BAR_H - 6 }),
    rate.low === null || rate.high === null ? null : s('line', { class: 'interval', x1: rate.low * BAR_W, x2: rate.high * BAR_W, y1: BAR_H / 2, y2: BAR_H / 2 }),
    s('line', { class: 'half', x1: BAR_W / 2, x2: BAR_W / 2, y1: 0, y2: BAR_H }),
  );

type Column = { key: string; label: string; value: (row: CardRow) => number | string; cell: (row: CardRow) => Node | string };

/** Lorcana's own words (quests, lore, challenges, banishes, songs): the other games' card tables leave them out. */
const LORCANA_ONLY = new Set(['quests', 'lore', 'challenges', 'banishes', 'songs']);

const columns = (game: string): Column[] => allColumns(game).filter((c) => game === 'lorcana' || !LORCANA_ONLY.has(c.key));

const allColumns = (game: string): Column[] => [
  { key: 'card', label: t('stats.card'), value: (r) => r.card, cell: (r) => h('a', { href: cardHref(game, r.card) }, r.card) },
  { key: 'games', label: t('stats.games'), value: (r) => r.games, cell: (r) => String(r.games) },
  { key: 'copies', label: t('stats.copies'), value: (r) => r.copiesPlayed, cell: (r) => String(r.copiesPlayed) },
  {
    key: 'winRate',
    label: t('stats.playedWinRate'),
    value: (r) => r.playedWinRate.rate ?? -1,
    cell: (r) => h('span', { class: 'rate' }, rateBar(r.playedWinRate), h('span', {}, ` ${percent(r.playedWinRate.rate)}`)),
  },
  { key: 'turn', label: t('stats.firstTurn'), value: (r) => r.averageFirstTurn ?? Infinity, cell: (r) => (r.averageFirstTurn === null ? '–' : String(r.averageFirstTurn)) },
  { key: 'quests', label: t('stats.questsPerGame'), value: (r) => r.questsPerGame, cell: (r) => String(r.questsPerGame) },
  { key: 'lore', label: t('stats.lorePerGame'), value: (r) => r.lorePerGame, cell: (r) => String(r.lorePerGame) },
  { key: 'challenges', label: t('stats.challenges'), value: (r) => r.challenges, cell: (r) => String(r.challenges) },
  { key: 'banishes', label: t('stats.banishes'), value: (r) => r.banishes, cell: (r) => String(r.banishes) },
  { key: 'songs', label: t('stats.songs'), value: (r) => r.songsSung, cell: (r) => String(r.songsSung) },
];

const cardHref = (game: string, card: string) => `/viewer/stats?${new URLSearchParams({ game, card }).toString()}`;

/** The card table, sorted by a column its header buttons choose (aria-sort says which). */
const cardTable = (game: string, rows: readonly CardRow[]) => {
  const cols = columns(game);
  const table = h('table', { class: 'stats-cards' });
  let sortKey = 'games';
  let descending = true;
  const draw = () => {
    const col = cols.find((c) => c.key === sortKey)!;
    const sorted = [...rows].sort((a, b) => {
      const [x, y] = [col.value(a), col.value(b)];
      const order = typeof x === 'string' ? x.localeCompare(String(y)) : x - (y as number);
      return descending ? -order : order;
    });
    replaceChildren(
      table,
      h('caption', {}, t('stats.cardsCaption')),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          cols.map((c) =>
            h(
              'th',
              { scope: 'col', 'aria-sort': c.key === sortKey ? (descending ? 'descending' : 'ascending') : 'none' },
              h(
                'button',
                {
                  type: 'button',
                  'data-sort': c.key,
                  onclick: () => {
                    descending = c.key === sortKey ? !descending : c.key !== 'card';
                    sortKey = c.key;
                    draw();
                  },
                },
                c.label,
              ),
            ),
          ),
        ),
      ),
      h(
        'tbody',
        {},
        sorted.map((row) =>
          h(
            'tr',
            { 'data-card': row.card },
            cols.map((c) => (c.key === 'card' ? h('th', { scope: 'row' }, c.cell(row)) : h('td', {}, c.cell(row)))),
          ),
        ),
      ),
    );
  };
  draw();
  return table;
};

/** Ink pairs against ink pairs: each cell the row's win rate against the column, with its games. */
const matchupGrid = (matchups: Awaited<ReturnType<typeof matchupStats>>['matchups']) => {
  const pairs = [...new Set(matchups.flatMap((m) => [m.inks, m.against]))].sort();
  const at = (a: string, b: string) => matchups.find((m) => m.inks === a && m.against === b);
  return h(
    'table',
    { class: 'stats-matchups' },
    h('caption', {}, t('stats.matchupsCaption')),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('td', {}),
        pairs.map((p) => h('th', { scope: 'col' }, p)),
      ),
    ),
    h(
      'tbody',
      {},
      pairs.map((a) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, a),
          pairs.map((b) => {
            const m = at(a, b);
            return h('td', { title: m ? rateText(m.winRate) : '' }, m ? `${percent(m.winRate.rate)} (${m.winRate.games})` : '–');
          }),
        ),
      ),
    ),
  );
};

const HIST_W = 480;
const HIST_H = 200;
/** room for the axes: the games' labels on the left, the turns' under the bars */
const PLOT = { left: 44, right: 8, top: 10, bottom: 40 };

/** The turn-first-played histogram, as SVG bars with titles on labelled axes (games up, turns across), and the same as a table. */
const histogram = (firstTurns: Record<string, number>) => {
  const turns = Object.keys(firstTurns)
    .map(Number)
    .sort((a, b) => a - b);
  const most = Math.max(1, ...Object.values(firstTurns));
  const last = Math.max(1, ...turns);
  const width = HIST_W - PLOT.left - PLOT.right;
  const height = HIST_H - PLOT.top - PLOT.bottom;
  const base = PLOT.top + height;
  const slot = width / last;
  // whole games, at most five ticks
  const step = Math.max(1, Math.ceil(most / 4));
  const top = Math.ceil(most / step) * step;
  const y = (games: number) => base - (height * games) / top;
  const ticks = Array.from({ length: top / step + 1 }, (_, i) => i * step);
  const bars = turns.map((turn) =>
    s(
      'rect',
      { class: 'bar', x: PLOT.left + (turn - 1) * slot + slot * 0.1, y: y(firstTurns[turn]), width: slot * 0.8, height: base - y(firstTurns[turn]), 'data-turn': turn },
      s('title', {}, t('stats.turnBar', { turn, games: firstTurns[turn] })),
    ),
  );
  const grid = s(
    'g',
    { class: 'grid' },
    ticks.map((games) => s('line', { x1: PLOT.left, x2: PLOT.left + width, y1: y(games), y2: y(games) })),
  );
  const yAxis = s(
    'g',
    { class: 'axis y-axis' },
    s('line', { x1: PLOT.left, x2: PLOT.left, y1: PLOT.top, y2: base }),
    ticks.map((games) => s('text', { x: PLOT.left - 6, y: y(games) + 3, 'text-anchor': 'end' }, String(games))),
    s('text', { class: 'axis-title', x: 0, y: 0, transform: `translate(12 ${PLOT.top + height / 2}) rotate(-90)`, 'text-anchor': 'middle' }, t('stats.games')),
  );
  const xAxis = s(
    'g',
    { class: 'axis x-axis' },
    s('line', { x1: PLOT.left, x2: PLOT.left + width, y1: base, y2: base }),
    Array.from({ length: last }, (_, i) => i + 1)
      .filter((turn) => last <= 20 || turn % 5 === 0 || turn === 1)
      .map((turn) => s('text', { x: PLOT.left + (turn - 0.5) * slot, y: base + 14, 'text-anchor': 'middle' }, String(turn))),
    s('text', { class: 'axis-title', x: PLOT.left + width / 2, y: HIST_H - 6, 'text-anchor': 'middle' }, t('stats.turn')),
  );
  return h(
    'figure',
    { class: 'stats-histogram' },
    s(
      'svg',
      { viewBox: `0 0 ${HIST_W} ${HIST_H}`, role: 'img', 'aria-labelledby': 'histogram-title' },
      s('title', { id: 'histogram-title' }, t('stats.histogramTitle')),
      grid,
      bars,
      yAxis,
      xAxis,
    ),
    h('figcaption', {}, t('stats.histogramTitle')),
    h(
      'table',
      {},
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('stats.turn')), h('th', { scope: 'col' }, t('stats.games')))),
      h(
        'tbody',
        {},
        turns.map((turn) => h('tr', {}, h('td', {}, String(turn)), h('td', {}, String(firstTurns[turn])))),
      ),
    ),
  );
};

/** The game selector: a link per game, the shown one marked current. */
const gameNav = (game: Game) =>
  h(
    'nav',
    { class: 'stats-games', 'aria-label': t('stats.gameNav') },
    GAMES.flatMap((g, i) => [i > 0 ? ' · ' : null, h('a', { href: statsHref(g), 'data-game': g, ...(g === game && { 'aria-current': 'page' }) }, t(`stats.game.${g}`))]),
  );

/** Every game's statistics page begins alike: the way back, the game selector, the title, the CSV and the card table. */
const cardsHead = (game: Game, rows: readonly CardRow[]) => [
  h('nav', {}, h('a', { href: '/viewer/' }, t('nav.matches'))),
  gameNav(game),
  h('h1', {}, t('stats.title')),
  h('p', {}, t('stats.public'), ' ', h('a', { href: cardStatsCsvHref(game), download: 'cards.csv' }, t('stats.csv'))),
  rows.length === 0 ? h('p', { role: 'status' }, t('stats.none')) : h('div', { class: 'stats-scroll' }, cardTable(game, rows)),
];

/** Four Souls' characters by table size, Grand Archive's champions: games, win rate, on the play, share. */
const leadList = (game: Game, leads: LeadStats['leads']) =>
  h(
    'table',
    { class: 'stats-leads' },
    h('caption', {}, t(`stats.leadsCaption.${game}`)),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        [t(`stats.lead.${game}`), t('stats.seats'), t('stats.games'), t('stats.winRate'), t('stats.onPlay'), t('stats.leadShare')].map((label) => h('th', { scope: 'col' }, label)),
      ),
    ),
    h(
      'tbody',
      {},
      leads.map((l) =>
        h(
          'tr',
          { 'data-lead': l.lead, 'data-seats': String(l.seats) },
          h('th', { scope: 'row' }, l.lead),
          h('td', {}, String(l.seats)),
          h('td', {}, String(l.games)),
          h('td', {}, h('span', { class: 'rate' }, rateBar(l.winRate), h('span', {}, ` ${rateText(l.winRate)}`))),
          h('td', {}, rateText(l.onPlay)),
          h('td', {}, percent(l.share)),
        ),
      ),
    ),
  );

/** /viewer/stats?game=…: the game selector, the card table, then Lorcana's ink pairs and matchups or the other games' leads; &card=…: one card. */
export const renderStats = async (root: HTMLElement, name: string, card?: string): Promise<void> => {
  const game = gameOf(name);
  if (card !== undefined) {
    const one = (await cardStatsOf(game, card)).card;
    replaceChildren(
      root,
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
    );
    return;
  }
  if (game !== 'lorcana') {
    const [cards, leads] = await Promise.all([cardStats(game), leadStats(game)]);
    replaceChildren(
      root,
      ...cardsHead(game, cards.cards),
      h('h2', {}, t(`stats.leadsTitle.${game}`)),
      leads.leads.length === 0 ? h('p', { role: 'status' }, t('stats.noLeads')) : h('div', { class: 'stats-scroll' }, leadList(game, leads.leads)),
    );
    return;
  }
  const [cards, decks, matchups] = await Promise.all([cardStats(game), deckStats(game), matchupStats(game)]);
  replaceChildren(
    root,
    ...cardsHead(game, cards.cards),
    h('h2', {}, t('stats.decksTitle')),
    decks.decks.length === 0
      ? h('p', { role: 'status' }, t('stats.noDecks'))
      : h(
          'ul',
          { class: 'stats-decks' },
          decks.decks.map((d) => h('li', {}, h('strong', {}, d.inks), ' ', rateBar(d.winRate), ` ${rateText(d.winRate)} · ${t('stats.share', { share: percent(d.metaShare) })}`)),
        ),
    matchups.matchups.length === 0 ? null : h('div', { class: 'stats-scroll' }, matchupGrid(matchups.matchups)),
  );
};

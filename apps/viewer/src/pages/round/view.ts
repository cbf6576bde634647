import { h } from '../../dom';
import { gameLabel } from '../../game-label';
import { t } from '../../i18n';
import { hrefOf } from '../../route';
import { roundLogLine } from '../../ui/round-log-line';
import { RoundResults, roundResultsCsvHref } from '../../round-results';
import { Table, resultOf } from '../../round-standing';
import { extensionText, extensionsOf } from '../../time-extensions';
import { gameLine } from './state';

type Nodes = (Node | string | null | undefined)[];

/** A game's link, labelled as the slip numbers it (game-label.ts: the table's line says the best of), its mark and its time extensions. */
const gameItem = (table: Table, game: Table['games'][number]) => {
  const { result, mark } = gameLine(table, game);
  const extensions = extensionsOf(game);
  return h(
    'li',
    { class: mark ?? undefined, 'data-duplicate': String(game.duplicate), 'data-voided': String(game.voided) },
    h('a', { href: hrefOf(game.matchId, 'public'), 'data-match': game.matchId }, t('round.game', { game: gameLabel({ game: game.game }), result })),
    mark && h('span', { class: 'game-mark' }, t(mark === 'void' ? 'round.void' : 'round.duplicate')),
    extensions && h('span', { class: 'game-extensions', 'data-seconds': extensions.seconds }, t('round.extended', { extensions: extensionText(extensions) })),
  );
};

const tableRow = (table: Table) => {
  const { score, outcome } = resultOf(table);
  return h(
    'li',
    { class: `round-table${table.result.decided ? ' decided' : ''}`, 'data-table': table.table ?? '' },
    h('h2', {}, table.table === null ? t('round.noTable') : t('round.table', { table: table.table })),
    h('p', { class: 'table-score' }, score),
    h('p', { class: 'table-outcome' }, t('round.bestOf', { bestOf: table.bestOf, outcome })),
    h(
      'ol',
      { class: 'table-games' },
      table.games.map((game) => gameItem(table, game)),
    ),
  );
};

/** The round's slip: every table's result with links to its games, the CSV, and the log's line where the server has one. */
export const roundView = (results: RoundResults, log: Parameters<typeof roundLogLine>[0] | null): Nodes => [
  h('nav', {}, h('a', { href: '/viewer/' }, t('nav.matches'))),
  h('h1', {}, t('round.title', { event: results.event, round: results.round })),
  h('p', {}, h('a', { href: roundResultsCsvHref(results.event, results.round), download: `round-${results.round}-results.csv` }, t('round.csv'))),
  log && roundLogLine(log),
  results.tables.length === 0 ? h('p', { role: 'status' }, t('round.none')) : h('ol', { class: 'round-tables', 'aria-label': t('round.tables') }, results.tables.map(tableRow)),
];

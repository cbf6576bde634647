import { h, replaceChildren } from '../../dom';
import { gameLabel } from '../../game-label';
import { t } from '../../i18n';
import { hrefOf } from '../../route';
import { roundLogLine } from '../../ui/round-log-line';
import { roundLog, roundResults, roundResultsCsvHref } from '../../round-results';
import { Table, nameIn, resultOf } from '../../round-standing';
import { extensionText, extensionsOf } from '../../time-extensions';

/**
 * One game of the table as the slip has it: its label (game-label.ts: the table's line says the best of),
 * its result, and the slip's marks: void (counts for nothing) or duplicate (decides nothing until the
 * organizer voids a copy or records it again with its number).
 */
const gameItem = (table: Table, game: Table['games'][number]) => {
  const name = nameIn(table);
  const result = !game.ended ? t('round.live') : game.winner !== null ? t('round.won', { player: name(game.winner) }) : game.draw ? t('round.draw') : t('round.ended');
  const mark = game.voided ? t('round.void') : game.duplicate ? t('round.duplicate') : null;
  const extensions = extensionsOf(game);
  return h(
    'li',
    { class: game.voided ? 'void' : game.duplicate ? 'duplicate' : undefined, 'data-duplicate': String(game.duplicate), 'data-voided': String(game.voided) },
    h('a', { href: hrefOf(game.matchId, 'public'), 'data-match': game.matchId }, t('round.game', { game: gameLabel({ game: game.game }), result })),
    mark && h('span', { class: 'game-mark' }, mark),
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

/** /viewer/rounds?event=…&round=…: every table's result in one round, with links to its games. */
export const renderRound = async (root: HTMLElement, event: string, round: number): Promise<void> => {
  // a server without the log's rounds, or one that failed to read them, still shows the slip
  const [results, log] = await Promise.all([roundResults(event, round), roundLog(event, round).catch(() => null)]);
  replaceChildren(
    root,
    h('nav', {}, h('a', { href: '/viewer/' }, t('nav.matches'))),
    h('h1', {}, t('round.title', { event: results.event, round: results.round })),
    h('p', {}, h('a', { href: roundResultsCsvHref(results.event, results.round), download: `round-${results.round}-results.csv` }, t('round.csv'))),
    log && roundLogLine(log),
    results.tables.length === 0 ? h('p', { role: 'status' }, t('round.none')) : h('ol', { class: 'round-tables', 'aria-label': t('round.tables') }, results.tables.map(tableRow)),
  );
};

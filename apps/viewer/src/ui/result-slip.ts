import { h } from '../dom';
import { t } from '../i18n';
import { gameLabel } from '../game-label';
import type { RoundResults } from '../round-results';
import { extensionText, extensionsOf } from '../time-extensions';

type Table = RoundResults['tables'][number];

/** The round's result slip for this table, as the judge checks it: games won by each player, draws, and whether it is decided. */
export const renderResultSlip = (event: string, round: number, table: Table | undefined) => {
  if (table === undefined) return h('section', { class: 'result-slip', 'aria-label': t('slip.title') }, h('h2', {}, t('slip.title')), h('p', {}, t('slip.none')));
  const name = (id: string) => table.players.find((p) => p.id === id)?.name ?? id;
  const duplicates = table.result.duplicateGames ?? [];
  const outcome =
    duplicates.length > 0
      ? t('slip.duplicates', { games: duplicates.join(', ') })
      : !table.result.decided
        ? t('slip.undecided')
        : table.result.winner !== null
          ? t('slip.wins', { player: name(table.result.winner) })
          : table.result.draw
            ? t('slip.drawn')
            : t('slip.decided');
  const extended = table.games.flatMap((game) => {
    const extensions = extensionsOf(game);
    return extensions ? [[game, extensions] as const] : [];
  });
  return h(
    'section',
    { class: 'result-slip', 'aria-label': t('slip.title'), 'data-decided': String(table.result.decided) },
    h('h2', {}, t('slip.title')),
    h('p', { class: 'slip-where' }, t('slip.where', { event, round, table: table.table ?? '', bestOf: table.bestOf })),
    h(
      'table',
      {},
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('slip.player')), h('th', { scope: 'col' }, t('slip.gamesWon')))),
      h(
        'tbody',
        {},
        table.players.map((p) => h('tr', { 'data-player': p.id }, h('th', { scope: 'row' }, name(p.id)), h('td', {}, table.result.wins[p.id] ?? 0))),
      ),
    ),
    h('p', { class: 'slip-outcome' }, `${table.result.draws > 0 ? t(table.result.draws === 1 ? 'slip.drawnOne' : 'slip.drawnMany', { count: table.result.draws }) : ''}${outcome}`),
    table.nextFirstChoice &&
      h(
        'p',
        { class: 'slip-first-choice', 'data-player': table.nextFirstChoice.player },
        t('slip.firstChoice', { player: name(table.nextFirstChoice.player), rule: table.nextFirstChoice.rule }),
      ),
    extended.length > 0 &&
      h(
        'p',
        { class: 'slip-extensions', 'data-seconds': extended.reduce((sum, [, e]) => sum + e.seconds, 0) },
        t('slip.extensions', { extensions: extended.map(([game, e]) => `${gameLabel({ game: game.game })} ${extensionText(e)}`).join(' · ') }),
      ),
  );
};

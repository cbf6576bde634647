import { h } from './dom';
import type { RoundResults } from './round-results';

type Table = RoundResults['tables'][number];

/** The round's result slip for this table, as the judge checks it: games won by each player, draws, and whether it is decided. */
export const renderResultSlip = (event: string, round: number, table: Table | undefined) => {
  if (table === undefined) return h('section', { class: 'result-slip', 'aria-label': 'Result slip' }, h('h2', {}, 'Result slip'), h('p', {}, 'This table has no result yet.'));
  const name = (id: string) => table.players.find((p) => p.id === id)?.name ?? id;
  const duplicates = table.result.duplicateGames ?? [];
  const outcome =
    duplicates.length > 0
      ? `Not decided: game ${duplicates.join(', ')} recorded by two matches`
      : !table.result.decided
        ? 'Not decided yet'
        : table.result.winner !== null
          ? `${name(table.result.winner)} wins the match`
          : table.result.draw
            ? 'Match drawn'
            : 'Decided';
  return h(
    'section',
    { class: 'result-slip', 'aria-label': 'Result slip', 'data-decided': String(table.result.decided) },
    h('h2', {}, 'Result slip'),
    h('p', { class: 'slip-where' }, `${event} · round ${round} · table ${table.table} · best of ${table.bestOf}`),
    h(
      'table',
      {},
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Player'), h('th', { scope: 'col' }, 'Games won'))),
      h(
        'tbody',
        {},
        table.players.map((p) => h('tr', { 'data-player': p.id }, h('th', { scope: 'row' }, name(p.id)), h('td', {}, table.result.wins[p.id] ?? 0))),
      ),
    ),
    h('p', { class: 'slip-outcome' }, `${table.result.draws > 0 ? `${table.result.draws} drawn game${table.result.draws === 1 ? '' : 's'} · ` : ''}${outcome}`),
  );
};

import { t } from './i18n';
import type { RoundResults } from './round-results';

export type Table = RoundResults['tables'][number];

export const nameIn = (table: Table) => (id: string) => table.players.find((p) => p.id === id)?.name ?? id;

/**
 * A table's standing: two players face to face, "Ana Ortiz 2–1 Ben Kowalski"; three or four (a Four Souls table) each
 * with their wins in seat order, "Ana Ortiz 1 · Ben Kowalski 0 · Cy Park 0"; and who took the match once it is decided.
 */
export const resultOf = (table: Table) => {
  const name = nameIn(table);
  const wins = (id: string) => table.result.wins[id] ?? 0;
  const [a, b] = table.players;
  const score =
    table.players.length === 2
      ? `${name(a.id)} ${wins(a.id)}–${wins(b.id)} ${name(b.id)}`
      : table.players.length > 2
        ? table.players.map((player) => t('round.points', { player: name(player.id), wins: wins(player.id) })).join(' · ')
        : '';
  const draws = table.result.draws > 0 ? t('round.drawn', { count: table.result.draws }) : '';
  const { duplicateGames = [], unnumberedDuplicates = 0 } = table.result;
  const outcome =
    duplicateGames.length > 0
      ? t('round.duplicates', { games: duplicateGames.join(', ') })
      : unnumberedDuplicates > 0
        ? unnumberedDuplicates === 1
          ? t('round.unnumberedOne')
          : t('round.unnumberedMany', { count: unnumberedDuplicates })
        : !table.result.decided
          ? t('round.inProgress')
          : table.result.winner !== null
            ? t('round.wins', { player: name(table.result.winner) })
            : table.result.draw
              ? t('round.matchDrawn')
              : t('round.decided');
  return { score: `${score}${draws}`, outcome };
};

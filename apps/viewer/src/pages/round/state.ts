import { t } from '../../i18n';
import { Table, nameIn } from '../../round-standing';

type Game = Table['games'][number];

/**
 * One game of the table as the slip has it: its result, and the slip's mark: void (counts for nothing) or duplicate
 * (decides nothing until the organizer voids a copy or records it again with its number).
 */
export const gameLine = (table: Table, game: Game): { readonly result: string; readonly mark: 'void' | 'duplicate' | null } => {
  const name = nameIn(table);
  const result = !game.ended ? t('round.live') : game.winner !== null ? t('round.won', { player: name(game.winner) }) : game.draw ? t('round.draw') : t('round.ended');
  return { result, mark: game.voided ? 'void' : game.duplicate ? 'duplicate' : null };
};

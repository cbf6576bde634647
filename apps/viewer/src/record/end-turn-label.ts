import { MatchState } from '@matchlog/domain';
import { t } from '../i18n';
import { endTurn } from './recording';

/** What End turn records, on its button: "End turn: Grace's turn 4 starts"; plain "End turn" when it records nothing. */
export const endTurnLabel = (state: MatchState, nameOf: (player: string) => string): string => {
  const next = state.ended ? undefined : (endTurn(state)[0]?.data as { player: string; turn: number } | undefined);
  return next === undefined ? t('recorder.endTurn') : t('recorder.endTurnTo', { player: nameOf(next.player), turn: next.turn });
};

import type { View } from '@matchlog/client';
import { clockOf } from '../clock';
import { renderClock } from './clock-chart';
import { h, replaceChildren } from '../dom';
import { t } from '../i18n';
import { renderResultSlip } from './result-slip';
import { roundResults } from '../round-results';

/** For the judge only: the clock chart and the round's result slip for this table, refreshed as the match goes on. */
export const judgePanel = (matchId: string, token: string | undefined, nameOf: (player: string) => string) => {
  const clock = h('div', { class: 'clock-area' });
  const slip = h('div', { class: 'slip-area' });
  const element = h('div', { class: 'judge-panel' }, clock, slip);
  const refresh = async (tournament: View['tournament']) => {
    await Promise.all([
      clockOf(matchId, token)
        .then((c) => replaceChildren(clock, renderClock(c, nameOf)))
        .catch((error: Error) => replaceChildren(clock, h('p', { class: 'unavailable' }, t('judge.clockFailed', { message: error.message })))),
      tournament?.event !== undefined && tournament.round !== undefined
        ? roundResults(tournament.event, tournament.round)
            .then((r) =>
              replaceChildren(
                slip,
                renderResultSlip(
                  r.event,
                  r.round,
                  r.tables.find((t) => t.games.some((g) => g.matchId === matchId)),
                ),
              ),
            )
            .catch((error: Error) => replaceChildren(slip, h('p', { class: 'unavailable' }, t('judge.slipFailed', { message: error.message }))))
        : null,
    ]);
  };
  return { element, refresh };
};

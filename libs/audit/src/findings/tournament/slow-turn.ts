import { recordedMs } from '../../clock/match-clock';
import { At, CheckFactory } from '../check';

/**
 * SLOW_TURN, a note on every game: a turn (TurnStarted to the next TurnStarted or MatchEnded, by the
 * recorded times) longer than the organizer's threshold. Reported at the turn's TurnStarted once the
 * turn is over; the turn still under way is the clock's to show.
 */
export const slowTurn: CheckFactory = ({ slowTurnSeconds }) => {
  let open: { readonly turn: number; readonly player: string; readonly start: number; readonly at: At } | null = null;
  let last = 0;
  return ({ event, revision }, report) => {
    const now = recordedMs(event, last);
    last = now;
    if (event.type !== 'TurnStarted' && event.type !== 'MatchEnded') return;
    if (open !== null) {
      const seconds = Math.max(0, now - open.start) / 1000;
      if (seconds > slowTurnSeconds) report('SLOW_TURN', [open.player], { player: open.player, turn: open.turn, seconds, limit: slowTurnSeconds }, open.at);
    }
    open = event.type === 'TurnStarted' ? { turn: event.data.turn, player: event.data.player, start: now, at: { revision, eventId: event.id } } : null;
  };
};

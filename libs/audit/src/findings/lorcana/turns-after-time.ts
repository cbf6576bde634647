import { CheckFactory } from '../check';

/**
 * TURNS_AFTER_TIME_EXCEEDED (the tournament rules' end-of-match procedure): when time is called the
 * active player finishes the turn under way, then `turnsAfterTime.turns` more turns are played. The
 * state counts the turns started since time was called (not the one under way then), so the first
 * TurnStarted past that count is one too many; reported once, there.
 */
export const turnsAfterTimeExceeded: CheckFactory = () => {
  let reported = false;
  return ({ event, after, layout }, report) => {
    const procedure = layout.ruleset.tournament.turnsAfterTime;
    if (reported || procedure === undefined || event.type !== 'TurnStarted' || after.time.called === null) return;
    if (after.time.turnsAfter <= procedure.turns) return;
    reported = true;
    report('TURNS_AFTER_TIME_EXCEEDED', [event.data.player], { player: event.data.player, turn: event.data.turn, limit: procedure.turns });
  };
};

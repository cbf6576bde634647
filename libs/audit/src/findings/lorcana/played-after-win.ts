import { EventType } from '@matchlog/domain';
import { CheckFactory } from '../check';

/** The round's clock, not the game: time called or extended after a win is no play. */
const NOT_PLAY: ReadonlySet<EventType> = new Set(['MatchEnded', 'TimeCalled', 'TimeExtended', 'PlayerLeft', 'MatchVoided']);

/**
 * PLAYED_AFTER_WIN (the tournament rules' win condition, `winsAt`: 20 lore): a player who reaches it
 * wins the game there, so the next event should end the match. Reported once, at the first event of
 * play recorded after the win.
 */
export const playedAfterWin: CheckFactory = () => {
  let winner: string | null = null;
  let reported = false;
  return ({ event, after, layout }, report) => {
    const winsAt = layout.ruleset.tournament.winsAt;
    if (reported || winsAt === undefined) return;
    if (winner !== null) {
      if (NOT_PLAY.has(event.type)) return;
      reported = true;
      report('PLAYED_AFTER_WIN', layout.playerIds, { player: winner, limit: winsAt.value, criteria: winsAt.counter });
      return;
    }
    winner = layout.playerIds.find((player) => (after.counters[player]?.[winsAt.counter] ?? 0) >= winsAt.value) ?? null;
  };
};

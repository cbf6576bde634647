import { zoneIndexOf } from '@matchlog/domain';
import { CheckFactory } from '../check';

/**
 * RESULT_DISAGREES_WITH_COUNTERS (the tournament rules' win condition): a player wins a game on
 * reaching `winsAt` (20 lore), or when their opponent cannot draw. At MatchEnded: a draw while someone
 * had reached it; a winner named while another player had reached it and the winner had not; a winner
 * below it while no other player left (a concession) or ended with an empty deck (could not draw).
 */
export const resultDisagreesWithCounters: CheckFactory = () => (step, report) => {
  const { event, before, layout } = step;
  const winsAt = layout.ruleset.tournament.winsAt;
  if (winsAt === undefined || event.type !== 'MatchEnded') return;
  const count = (player: string): number => before.counters[player]?.[winsAt.counter] ?? 0;
  const reached = layout.playerIds.filter((player) => count(player) >= winsAt.value);
  const counts = layout.playerIds.map((player) => `${player} ${count(player)}`).join(', ');
  const facts = { limit: winsAt.value, criteria: winsAt.counter, counts, winner: event.data.winner };
  if (event.data.draw === true && reached.length > 0) return report('RESULT_DISAGREES_WITH_COUNTERS', reached, { ...facts, result: 'draw' });
  const winner = event.data.winner;
  if (winner === undefined || count(winner) >= winsAt.value) return;
  if (reached.length > 0) return report('RESULT_DISAGREES_WITH_COUNTERS', [winner, ...reached], { ...facts, result: 'behind' });
  const couldNotDraw = (player: string): boolean => {
    const deck = zoneIndexOf(layout, { zone: 'deck', player });
    return deck !== undefined && before.zones[deck].length === 0;
  };
  const explained = layout.playerIds.some((player) => player !== winner && (before.departed.includes(player) || couldNotDraw(player)));
  if (!explained) report('RESULT_DISAGREES_WITH_COUNTERS', [winner], { ...facts, result: 'below' });
};

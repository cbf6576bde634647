import { example } from './viewer-fixture';

type Draft = { type: string; data: Record<string, unknown> };

/** A test's time: the server stamps each event with it, so turns take the seconds a test chooses. */
export const testTime = (start = Date.parse('2026-05-02T14:00:00Z')) => {
  let now = start;
  return { now: () => now, advance: (seconds: number) => (now += seconds * 1000) };
};

/**
 * examples/lorcana with what makes a game worth watching added: lore for both players, damage on a
 * character, time called and extended on turn 5; it ends with `ending` (p1 won, as the example does, or
 * a draw). Revision 1 is MatchCreated, as in the example.
 */
export const scoredEvents = (ending: { winner: string; reason: string } | { draw: true; reason: string } = { winner: 'p1', reason: 'p2 conceded' }): Draft[] => {
  const events: Draft[] = JSON.parse(example('lorcana', 'events.json')).events.filter((e: Draft) => e.type !== 'MatchEnded' && e.type !== 'CounterChanged');
  const after = (cardId: string, type: string, extra: Draft[]) => {
    const index = events.findIndex((e) => e.type === type && (e.data.cardId === cardId || e.data.player === cardId));
    if (index < 0) throw new Error(`no ${type} of ${cardId} in the example`);
    events.splice(index + 1, 0, ...extra);
  };
  const lore = (player: string, by: number, reason: string): Draft => ({ type: 'CounterChanged', data: { counter: 'lore', player, by, reason } });
  after('c05', 'CardStatusChanged', [lore('p1', 2, 'Yzma - Alchemist quested'), { type: 'CardStatusChanged', data: { cardId: 'c14', damage: 2 } }]);
  after('c01', 'CardMoved', [lore('p2', 1, 'Hei Hei - Boat Snack quested')]);
  const turn5 = events.findIndex((e) => e.type === 'TurnStarted' && e.data.turn === 5);
  events.splice(
    turn5 + 1,
    0,
    lore('p1', 3, 'Ariel - On Human Legs quested'),
    { type: 'TimeCalled', data: {} },
    { type: 'TimeExtended', data: { seconds: 120, reason: 'judge call on a triggered ability' } },
  );
  return [...events, { type: 'MatchEnded', data: ending }];
};

/** Seconds each turn takes at the table (turn → seconds per event in it), for the clock chart. */
export const SECONDS_PER_EVENT: Record<number, number> = { 0: 5, 1: 12, 2: 30, 3: 28, 4: 16, 5: 20, 6: 9, 7: 14 };

export const lorcanaMatch = (tournament: object) => ({ ...JSON.parse(example('lorcana', 'match.json')), tournament });

/** examples/lorcana-bo3: game `n` of the best of three (p1 wins game 1, p2 game 2, game 3 is drawn after time). */
export const bestOfThree = (n: 1 | 2 | 3) => ({
  match: JSON.parse(example('lorcana-bo3', `game-${n}.match.json`)),
  events: JSON.parse(example('lorcana-bo3', `game-${n}.events.json`)).events as Draft[],
});

/** Seconds per event by turn in the best of three's game 3: a slow turn 3 (the judge call), quick turns after time. */
export const BO3_SECONDS: Record<number, number> = { 0: 5, 1: 20, 2: 35, 3: 110, 4: 45, 5: 60, 6: 15, 7: 12, 8: 18, 9: 10, 10: 14 };

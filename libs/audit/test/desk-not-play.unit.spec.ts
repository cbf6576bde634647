import { EventDataByType, EventType, MatchEvent } from '@matchlog/domain';
import { cards, created, event } from '@matchlog/testkit';
import { matchClock, ruleFindings } from '../src';

/** A call, a ruling or a note is the judges' work on the match, no move of the game: the checks and the clock pass it by. */
let second = 0;
const timed = <T extends EventType>(type: T, data: EventDataByType[T], after = 1): MatchEvent => {
  second += after;
  const e = event(type, data);
  return { ...e, meta: { ...e.meta!, recordedAt: new Date(Date.UTC(2026, 10, 21, 10) + second * 1000).toISOString() } } as MatchEvent;
};
const start = (): MatchEvent => {
  second = 0;
  return {
    ...created('lorcana', [...cards('p1', 'deck', ['A', 'B']), ...cards('p2', 'deck', ['C', 'D'])]),
    meta: { recordedBy: 't', recordedAt: '2026-11-21T10:00:00.000Z' },
  } as MatchEvent;
};
const codesOf = (events: readonly MatchEvent[]) => ruleFindings(events).map((f) => `${f.code}@${f.revision}`);
const call = (after = 1) => timed('JudgeCalled', { callId: 'c1', by: 'p2', at: 3, reason: 'was that 20?' }, after);
const win = () => [start(), timed('TurnStarted', { player: 'p1', turn: 1 }), timed('CounterChanged', { counter: 'lore', player: 'p1', to: 20 })];

describe('the desk in the audit and the clock', () => {
  it('a call and its claim between the 20th lore and the end are no play after the win (PLAYED_AFTER_WIN)', () => {
    const events = [...win(), call(), timed('CallClaimed', { callId: 'c1', judge: 'Ana' }), timed('MatchEnded', { winner: 'p1', reason: '20 lore' })];
    expect(codesOf(events)).toEqual([]);
    // the same place, a turn of play instead: caught, so the check still reads what follows the win
    expect(codesOf([...win(), timed('TurnStarted', { player: 'p2', turn: 2 }), timed('MatchEnded', { winner: 'p1', reason: '20 lore' })])).toEqual(['PLAYED_AFTER_WIN@4']);
  });

  it("a call in a long pause does not split the pause: the clock's gap is the players' whole silence", () => {
    const quiet = [start(), timed('TurnStarted', { player: 'p1', turn: 1 }), timed('TurnStarted', { player: 'p2', turn: 2 }, 300)];
    const called = [start(), timed('TurnStarted', { player: 'p1', turn: 1 }), call(200), timed('TurnStarted', { player: 'p2', turn: 2 }, 100)];
    const longest = (events: MatchEvent[]) => matchClock('m', events).gaps[0];
    expect(longest(quiet).seconds).toBe(300);
    expect(longest(called)).toMatchObject({ seconds: 300, revision: 4 });
    expect(matchClock('m', called).turns.map((turn) => turn.seconds)).toEqual(matchClock('m', quiet).turns.map((turn) => turn.seconds));
  });
});

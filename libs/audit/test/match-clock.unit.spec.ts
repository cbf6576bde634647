import { EventDataByType, EventType, MatchEvent } from '@matchlog/domain';
import { cards, created, event } from '@matchlog/testkit';
import { matchClock } from '../src';

/** The clock of a match, from the times recorded in its events only. */
const T0 = Date.UTC(2026, 10, 21, 10);
const iso = (second: number) => new Date(T0 + second * 1000).toISOString();
/** An event recorded at `second` seconds past 10:00. */
const atSecond = <T extends EventType>(second: number, type: T, data: EventDataByType[T]): MatchEvent => {
  const e = event(type, data);
  return { ...e, meta: { ...e.meta!, recordedAt: iso(second) } } as MatchEvent;
};
const DECK = { lorcana: 'deck', 'four-souls': 'loot-deck', 'grand-archive': 'main-deck' } as const;
const start = (game: keyof typeof DECK = 'lorcana') => ({ ...created(game, cards('p1', DECK[game], ['A'])), meta: { recordedBy: 't', recordedAt: iso(0) } }) as MatchEvent;
const turn = (second: number, n: number) => atSecond(second, 'TurnStarted', { player: n % 2 ? 'p1' : 'p2', turn: n });

describe('matchClock', () => {
  const match = [
    start(), // rev 1 @0
    turn(5, 1), // rev 2 @5
    atSecond(65, 'CounterChanged', { counter: 'lore', player: 'p1', by: 2 }), // rev 3 @65 (gap 60, p1)
    turn(70, 2), // rev 4 @70: turn 1 lasted 65
    atSecond(100, 'TimeExtended', { seconds: 120, reason: 'long ruling' }), // rev 5 @100
    atSecond(400, 'TimeCalled', {}), // rev 6 @400 (gap 300, p2), during turn 2
    turn(410, 3), // rev 7 @410: turn 2 lasted 340; first after time
    turn(420, 4), // rev 8 @420
    atSecond(421, 'MatchEnded', { draw: true, reason: 'time' }), // rev 9 @421
  ];

  it('cuts turns from TurnStarted to the next TurnStarted or MatchEnded, marking those started after time', () => {
    expect(matchClock('m1', match).turns).toEqual([
      { turn: 1, player: 'p1', start: iso(5), end: iso(70), seconds: 65, afterTime: false },
      { turn: 2, player: 'p2', start: iso(70), end: iso(410), seconds: 340, afterTime: false },
      { turn: 3, player: 'p1', start: iso(410), end: iso(420), seconds: 10, afterTime: true },
      { turn: 4, player: 'p2', start: iso(420), end: iso(421), seconds: 1, afterTime: true },
    ]);
  });

  it('sums per player', () => {
    expect(matchClock('m1', match).players).toEqual([
      { player: 'p1', seconds: 75, turns: 2, longestTurn: 65 },
      { player: 'p2', seconds: 341, turns: 2, longestTurn: 340 },
    ]);
  });

  it('lists the 5 longest gaps, longest first, with the player to act then (null before the first turn)', () => {
    expect(matchClock('m1', match).gaps).toEqual([
      { revision: 6, at: iso(400), seconds: 300, player: 'p2' },
      { revision: 3, at: iso(65), seconds: 60, player: 'p1' },
      { revision: 5, at: iso(100), seconds: 30, player: 'p2' },
      { revision: 7, at: iso(410), seconds: 10, player: 'p2' },
      { revision: 8, at: iso(420), seconds: 10, player: 'p1' },
    ]);
    expect(matchClock('m1', match.slice(0, 2)).gaps).toEqual([{ revision: 2, at: iso(5), seconds: 5, player: null }]);
  });

  it('shows time called (with the turn under way), the extensions, and the turns after time against the 5 allowed', () => {
    const clock = matchClock('m1', match);
    expect(clock.timeCalled).toEqual({ revision: 6, at: iso(400), turn: 2 });
    expect(clock.extensions).toEqual([{ revision: 5, at: iso(100), seconds: 120, reason: 'long ruling' }]);
    expect(clock.afterTime).toEqual({ turnsPlayed: 2, turnsAllowed: 5, minutesAllowed: null, secondsSinceCalled: 21 });
  });

  it('before time is called, afterTime is null; a game without the procedure allows null', () => {
    expect(matchClock('m1', match.slice(0, 5)).afterTime).toBeNull();
    const fs = [start('four-souls'), turn(5, 1), atSecond(6, 'TimeCalled', {}), turn(7, 2)];
    expect(matchClock('m2', fs).afterTime).toEqual({ turnsPlayed: 1, turnsAllowed: null, minutesAllowed: null, secondsSinceCalled: 1 });
  });

  it('grand archive: three more turns or five minutes after time (Tournament Rules Guide), both against what was played', () => {
    const ga = [start('grand-archive'), turn(5, 1), atSecond(60, 'TimeCalled', {}), turn(100, 2), turn(250, 3), atSecond(390, 'MatchEnded', { draw: true, reason: 'time' })];
    expect(matchClock('m3', ga).afterTime).toEqual({ turnsPlayed: 2, turnsAllowed: 3, minutesAllowed: 5, secondsSinceCalled: 330 });
  });

  it('a match still going: its last turn runs to the last event', () => {
    const going = match.slice(0, 6);
    expect(matchClock('m1', going).turns.at(-1)).toEqual({ turn: 2, player: 'p2', start: iso(70), end: iso(400), seconds: 330, afterTime: false });
  });

  it('slow turns: longer than the threshold (default 180 s)', () => {
    expect(matchClock('m1', match)).toMatchObject({ slowTurnSeconds: 180, slowTurns: [{ turn: 2, player: 'p2', seconds: 340 }] });
    expect(matchClock('m1', match, { slowTurnSeconds: 60 }).slowTurns.map((t) => t.turn)).toEqual([1, 2]);
    expect(matchClock('m1', match, { slowTurnSeconds: 65 }).slowTurns.map((t) => t.turn)).toEqual([2]);
  });

  it('says whose times they are: recorded by default, imported when told', () => {
    expect(matchClock('m1', match).times).toBe('recorded');
    expect(matchClock('m1', match, { times: 'imported' }).times).toBe('imported');
  });

  it('reads only recordedAt: the same events give the same clock whenever asked', () => {
    const first = JSON.stringify(matchClock('m1', match));
    jest.useFakeTimers({ now: T0 + 86_400_000 });
    try {
      expect(JSON.stringify(matchClock('m1', match))).toBe(first);
    } finally {
      jest.useRealTimers();
    }
  });
});

import { EventDataByType, EventType, MatchEvent } from '@matchlog/domain';
import { at, cards, created, event, move } from '@matchlog/testkit';
import { auditMatch, ruleFindings } from '../src';

/** The time and result findings: the end-of-match procedure, the win at 20 lore, the result, slow turns. */
let second = 0;
/** An event recorded `after` seconds after the one before it. */
const timed = <T extends EventType>(type: T, data: EventDataByType[T], after = 1): MatchEvent => {
  second += after;
  const e = event(type, data);
  return { ...e, meta: { ...e.meta!, recordedAt: new Date(Date.UTC(2026, 10, 21, 10) + second * 1000).toISOString() } } as MatchEvent;
};
const start = (game: 'lorcana' | 'four-souls' | 'grand-archive' = 'lorcana') => {
  second = 0;
  const zones = { lorcana: 'deck', 'four-souls': 'loot-deck', 'grand-archive': 'main-deck' }[game];
  return {
    ...created(game, [...cards('p1', zones, ['A', 'B']), ...cards('p2', zones, ['C', 'D'])]),
    meta: { recordedBy: 't', recordedAt: '2026-11-21T10:00:00.000Z' },
  } as MatchEvent;
};
const turn = (n: number, after = 10) => timed('TurnStarted', { player: n % 2 ? 'p1' : 'p2', turn: n }, after);
const lore = (player: string, to: number) => timed('CounterChanged', { counter: 'lore', player, to });
const ended = (data: EventDataByType['MatchEnded']) => timed('MatchEnded', data);
const codesOf = (events: readonly MatchEvent[], slowTurnSeconds?: number) => ruleFindings(events, { slowTurnSeconds }).map((f) => `${f.code}@${f.revision}`);

describe('TURNS_AFTER_TIME_EXCEEDED: the turn under way is finished, then 5 more turns', () => {
  const afterTime = (turns: number) => [start(), turn(1), turn(2), turn(3), timed('TimeCalled', {}), ...Array.from({ length: turns }, (_, i) => turn(4 + i))];

  it('exactly 5 turns started after time was called: no finding', () => {
    expect(codesOf(afterTime(5))).toEqual([]);
  });

  it('a 6th turn after time: one finding, at its TurnStarted, citing the procedure', () => {
    const events = afterTime(6);
    const findings = ruleFindings(events);
    expect(findings.map((f) => `${f.code}@${f.revision}`)).toEqual(['TURNS_AFTER_TIME_EXCEEDED@11']);
    expect(findings[0]).toMatchObject({ rule: expect.stringContaining('Disney Lorcana Tournament Rules, end-of-match procedure'), players: ['p1'], severity: 'violation' });
    expect(findings[0].message).toContain('turn 9');
  });

  it('is reported once however many turns go on', () => {
    expect(codesOf(afterTime(8))).toEqual(['TURNS_AFTER_TIME_EXCEEDED@11']);
  });

  it('time extensions do not count as turns', () => {
    expect(codesOf([...afterTime(5), timed('TimeExtended', { seconds: 180, reason: 'ruling' })])).toEqual([]);
  });

  it('Four Souls and Grand Archive have no procedure here: no finding', () => {
    for (const game of ['four-souls', 'grand-archive'] as const) {
      const events = [start(game), turn(1), timed('TimeCalled', {}), ...Array.from({ length: 8 }, (_, i) => turn(2 + i))];
      expect(codesOf(events)).toEqual([]);
    }
  });
});

describe('PLAYED_AFTER_WIN: 20 lore wins the game', () => {
  it('the match ended right after 20 lore: no finding', () => {
    expect(codesOf([start(), turn(1), lore('p1', 20), ended({ winner: 'p1', reason: '20 lore' })])).toEqual([]);
  });

  it('play recorded after 20 lore: a finding at the first event of play, once', () => {
    const events = [start(), turn(1), lore('p1', 19), lore('p1', 20), turn(2), turn(3), ended({ winner: 'p1', reason: '20 lore' })];
    const findings = ruleFindings(events);
    expect(findings.map((f) => `${f.code}@${f.revision}`)).toEqual(['PLAYED_AFTER_WIN@5']);
    expect(findings[0].rule).toContain('winning a game (20 lore)');
    expect(findings[0].message).toContain('p1 reached 20 lore');
  });

  it('time called after the win is the round, not play; nor is the loser leaving the table', () => {
    expect(codesOf([start(), turn(1), lore('p1', 20), timed('TimeCalled', {}), ended({ winner: 'p1', reason: '20 lore' })])).toEqual([]);
    expect(codesOf([start(), turn(1), lore('p1', 20), timed('PlayerLeft', { player: 'p2' }), ended({ winner: 'p1', reason: '20 lore' })])).toEqual([]);
  });

  it('19 lore is no win', () => {
    expect(codesOf([start(), turn(1), lore('p1', 19), turn(2)])).toEqual([]);
  });
});

describe('RESULT_DISAGREES_WITH_COUNTERS', () => {
  it('a winner with 20 lore agrees', () => {
    expect(codesOf([start(), turn(1), lore('p1', 20), ended({ winner: 'p1', reason: '20 lore' })])).toEqual([]);
  });

  it('a winner below 20 with no concession and no empty deck: a finding naming the counts', () => {
    const findings = ruleFindings([start(), turn(1), lore('p1', 12), lore('p2', 15), ended({ winner: 'p1', reason: 'lore' })]);
    expect(findings.map((f) => `${f.code}@${f.revision}`)).toEqual(['RESULT_DISAGREES_WITH_COUNTERS@5']);
    expect(findings[0].players).toEqual(['p1']);
    expect(findings[0].message).toContain('p1 12, p2 15');
  });

  it('a winner below 20 whose opponent left (conceded) agrees', () => {
    expect(codesOf([start(), turn(1), timed('PlayerLeft', { player: 'p2' }), ended({ winner: 'p1', reason: 'concession' })])).toEqual([]);
  });

  it("a winner below 20 whose opponent's deck is empty (could not draw) agrees", () => {
    const events = [
      start(),
      turn(1),
      move('p2-deck-0', at('deck', 'p2'), at('hand', 'p2')),
      move('p2-deck-1', at('deck', 'p2'), at('hand', 'p2')),
      ended({ winner: 'p1', reason: 'p2 cannot draw' }),
    ];
    expect(codesOf(events)).toEqual([]);
  });

  it('a winner named while the other player had 20 and the winner not: a finding, even if the other left', () => {
    const events = [start(), turn(1), lore('p2', 20), timed('PlayerLeft', { player: 'p2' }), ended({ winner: 'p1', reason: 'concession' })];
    const findings = ruleFindings(events);
    expect(findings.filter((f) => f.code === 'RESULT_DISAGREES_WITH_COUNTERS').map((f) => f.players)).toEqual([['p1', 'p2']]);
  });

  it('a draw when someone had reached 20: a finding; a draw below 20: none', () => {
    expect(codesOf([start(), turn(1), lore('p1', 20), ended({ draw: true, reason: 'time' })])).toEqual(['RESULT_DISAGREES_WITH_COUNTERS@4']);
    expect(codesOf([start(), turn(1), lore('p1', 19), ended({ draw: true, reason: 'time' })])).toEqual([]);
  });

  it('is in Spanish with leyenda', () => {
    const [finding] = ruleFindings([start(), turn(1), lore('p1', 3), ended({ winner: 'p1', reason: 'x' })], { language: 'es' });
    expect(finding.message).toContain('menos de 20 de leyenda');
  });

  it('Grand Archive and Four Souls: no result check', () => {
    expect(codesOf([start('grand-archive'), turn(1), ended({ winner: 'p1', reason: 'x' })])).toEqual([]);
    expect(codesOf([start('four-souls'), turn(1), ended({ winner: 'p1', reason: 'x' })])).toEqual([]);
  });
});

describe('SLOW_TURN: the organizer threshold, a note on every game', () => {
  it('a turn longer than the threshold is a warning at its TurnStarted, with the threshold; exactly the threshold is not', () => {
    const events = [start(), turn(1), timed('TurnStarted', { player: 'p2', turn: 2 }, 120), turn(3, 121), turn(4, 5)];
    const findings = ruleFindings(events, { slowTurnSeconds: 120 });
    expect(findings.map((f) => `${f.code}@${f.revision}`)).toEqual(['SLOW_TURN@3']);
    expect(findings[0]).toMatchObject({ severity: 'warning', players: ['p2'] });
    expect(findings[0].message).toContain('121 s, more than the 120 s');
  });

  it('the default threshold is 180 s, and MatchEnded closes the last turn', () => {
    expect(codesOf([start(), turn(1), turn(2, 180), ended({ draw: true, reason: 'time' })])).toEqual([]);
    second = 0;
    const events = [start(), turn(1), turn(2, 10), timed('MatchEnded', { draw: true, reason: 'time' }, 181)];
    expect(auditMatch(events, { selfAudit: false }).map((f) => `${f.code}@${f.revision}`)).toEqual(['SLOW_TURN@3']);
  });

  it('on Four Souls and Grand Archive too', () => {
    expect(codesOf([start('four-souls'), turn(1), turn(2, 200)], 60)).toEqual(['SLOW_TURN@2']);
    expect(codesOf([start('grand-archive'), turn(1), turn(2, 200)], 60)).toEqual(['SLOW_TURN@2']);
  });
});

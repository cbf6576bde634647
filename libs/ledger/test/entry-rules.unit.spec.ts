import { MatchEntry, RoundEntry } from '../src/match-entry';
import { endAgainstRounds, roundAlarm, roundKey, roundNotice } from '../src/entry-rules';

const end = (matchId: string, head: string, revision = 40): MatchEntry => ({ kind: 'match-ended', matchId, revision, head, kid: 'k' });
const round = (slip: string, counts: RoundEntry['counts']): RoundEntry => ({ kind: 'round-closed', event: 'Lyon', round: 3, slip, counts, kid: 'k' });
const A = 'a'.repeat(64);
const B = 'b'.repeat(64);

describe('the monitor on rounds', () => {
  it('reports a round closed again with another slip as a notice naming both slip hashes; the same slip or a first close is no notice', () => {
    const first = round(A, [{ matchId: 'm1', revision: 40, head: 'h1' }]);
    expect(roundNotice([], first)).toBeUndefined();
    expect(roundNotice([first], round(A, first.counts))).toBeUndefined();
    const notice = roundNotice([first], round(B, []));
    expect(notice).toContain('round 3 of "Lyon" was closed again with another slip');
    expect(notice).toContain(A);
    expect(notice).toContain(B);
  });

  it('alarms on a round that counts a match at another head or revision than its logged end, or counts a match logged as voided', () => {
    const matches = { m1: [end('m1', 'h1')], m2: [end('m2', 'h2'), { ...end('m2', 'h3', 41), kind: 'match-voided' as const }] };
    expect(roundAlarm(matches, round(A, [{ matchId: 'm1', revision: 40, head: 'h1' }]))).toBeUndefined();
    expect(roundAlarm(matches, round(A, [{ matchId: 'm1', revision: 40, head: 'hX' }]))).toMatch(
      /counts match m1 at revision 40 with head hX, but its end is logged at revision 40 with head h1/,
    );
    expect(roundAlarm(matches, round(A, [{ matchId: 'm1', revision: 39, head: 'h1' }]))).toMatch(/counts match m1 at revision 39/);
    expect(roundAlarm(matches, round(A, [{ matchId: 'm2', revision: 40, head: 'h2' }]))).toMatch(/counts match m2, which is logged as voided/);
    // a match whose end the log does not hold (yet): nothing to contradict
    expect(roundAlarm(matches, round(A, [{ matchId: 'm9', revision: 5, head: 'h9' }]))).toBeUndefined();
  });

  it('alarms on an end logged after a round counted the match at another head; the same head is no alarm', () => {
    const rounds = [round(A, [{ matchId: 'm1', revision: 40, head: 'h1' }])];
    expect(endAgainstRounds(rounds, end('m1', 'h1'))).toBeUndefined();
    expect(endAgainstRounds(rounds, end('m1', 'hX'))).toMatch(/match m1: its end is logged at revision 40 with head hX, but round 3 of "Lyon" counted it/);
    expect(endAgainstRounds(rounds, { ...end('m1', 'hX'), kind: 'receipt' })).toBeUndefined();
  });

  it('keys rounds by event and round, whatever the event name holds', () => {
    expect(roundKey({ event: 'a","b', round: 1 })).not.toBe(roundKey({ event: 'a', round: 1 }));
    expect(roundKey(round(A, []))).toBe(roundKey(round(B, [])));
  });
});

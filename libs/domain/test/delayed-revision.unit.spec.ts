import { delayedRevision } from '@matchlog/domain';

/** Events recorded one a second from 10:00:00 (revision r at 10:00:0r). */
const recordedAt = (revision: number) => new Date(Date.UTC(2026, 10, 23, 10, 0, revision)).toISOString();
const at = (second: number) => Date.UTC(2026, 10, 23, 10, 0, second);

describe('delayedRevision: the latest revision the broadcast may show', () => {
  it('without a delay, the head', () => {
    expect(delayedRevision(9, {}, recordedAt, at(9))).toBe(9);
  });

  it('never the last `events` events; never below revision 0', () => {
    expect(delayedRevision(9, { events: 5 }, recordedAt, at(9))).toBe(4);
    expect(delayedRevision(3, { events: 5 }, recordedAt, at(9))).toBe(0);
  });

  it('never an event recorded less than `seconds` ago: one recorded exactly that long ago is shown', () => {
    expect(delayedRevision(9, { seconds: 3 }, recordedAt, at(9))).toBe(6);
    expect(delayedRevision(9, { seconds: 3 }, recordedAt, at(9) - 1)).toBe(5);
    expect(delayedRevision(9, { seconds: 30 }, recordedAt, at(9))).toBe(0);
  });

  it('both: the stricter wins', () => {
    expect(delayedRevision(9, { events: 1, seconds: 3 }, recordedAt, at(9))).toBe(6);
    expect(delayedRevision(9, { events: 5, seconds: 3 }, recordedAt, at(9))).toBe(4);
  });

  it('an event without a readable recordedAt counts as recorded just now', () => {
    expect(delayedRevision(3, { seconds: 1 }, (r) => (r === 3 ? undefined : recordedAt(r)), at(60))).toBe(2);
  });

  describe("after the end (`ended`: the revision of MatchEnded): once the delay's seconds have passed since it, the delay in events lets the rest out", () => {
    it('a delay in events and seconds: 5 behind until the end is `seconds` old, then the head', () => {
      expect(delayedRevision(9, { events: 5, seconds: 30 }, recordedAt, at(38), 9)).toBe(4);
      expect(delayedRevision(9, { events: 5, seconds: 30 }, recordedAt, at(39), 9)).toBe(9);
      expect(delayedRevision(9, { events: 5, seconds: 30 }, recordedAt, at(39))).toBe(4);
    });

    it('a delay in events alone: the head as soon as the match has ended', () => {
      expect(delayedRevision(9, { events: 5 }, recordedAt, at(9), 9)).toBe(9);
      expect(delayedRevision(9, { events: 5 }, recordedAt, at(9), undefined)).toBe(4);
    });

    it('events after the end (a void) still wait their seconds; the delay in seconds alone is unchanged', () => {
      expect(delayedRevision(9, { events: 5, seconds: 3 }, recordedAt, at(10), 7)).toBe(7);
      expect(delayedRevision(9, { events: 5, seconds: 3 }, recordedAt, at(12), 7)).toBe(9);
      expect(delayedRevision(9, { seconds: 3 }, recordedAt, at(9), 7)).toBe(6);
    });

    it('an end without a readable recordedAt counts as recorded just now', () => {
      expect(delayedRevision(9, { events: 5, seconds: 3 }, (r) => (r === 9 ? undefined : recordedAt(r)), at(60), 9)).toBe(4);
      expect(delayedRevision(9, { events: 5 }, (r) => (r === 9 ? undefined : recordedAt(r)), at(60), 9)).toBe(9);
    });
  });
});

import { GameId, JUDGE, MatchEvent, Replay, audiencesOf, layoutOf } from '@matchlog/domain';
import { randomMatch } from '@matchlog/testkit';
import fc from 'fast-check';
import { SNAPSHOT_VERSION, restoreSnapshot, seatedAudiences, takeSnapshot } from '../src/snapshot/match-snapshot';
import { chainedMatch, snapshotAt } from './support/snapshots';

const GAMES: GameId[] = ['lorcana', 'four-souls', 'grand-archive'];

const fromSnapshot = (events: readonly MatchEvent[], snapshot: unknown, revision: number): Replay | undefined => {
  const start = restoreSnapshot(snapshot, events[0], events[revision - 1]);
  return start && new Replay(events.slice(revision), start);
};

const json = (value: unknown) => JSON.stringify(value);

describe.each(GAMES)('a snapshot of a %s match', (game) => {
  it('gives, for every audience, the view at the head and at every revision after it that the full fold gives, byte for byte', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 150, maxLength: 160 }), fc.array(fc.nat(), { minLength: 3, maxLength: 5 }), (choices, ks) => {
        const events = chainedMatch(game, choices);
        const full = new Replay(events);
        const audiences = audiencesOf(layoutOf(events[0].data as never));
        for (const k of ks.map((n) => 1 + (n % events.length))) {
          const replay = fromSnapshot(events, snapshotAt(events, k), k)!;
          expect(replay.revision).toBe(events.length);
          for (const audience of audiences) {
            expect(json(replay.viewAt(audience))).toBe(json(full.viewAt(audience)));
            const later = k + Math.floor((events.length - k) / 2);
            expect(json(replay.viewAt(audience, later))).toBe(json(full.viewAt(audience, later)));
            expect(json(replay.observations(audience, k))).toBe(json(full.observations(audience, k)));
          }
        }
      }),
      { numRuns: 15 },
    );
  });

  it('serves earlier revisions once the events before it are prepended, and refuses them before', () => {
    const events = chainedMatch(
      game,
      Array.from({ length: 160 }, (_, i) => (i * 7919) % 1009),
    );
    const k = Math.floor(events.length / 2);
    const replay = fromSnapshot(events, snapshotAt(events, k), k)!;
    expect(replay.start).toBe(k);
    expect(() => replay.viewAt('p1', k - 1)).toThrow(/before this replay's start/);
    expect(() => replay.stateAt(3)).toThrow(/before this replay's start/);
    expect(() => replay.observations('public', 0)).toThrow(/before this replay's start/);
    expect(replay.recordedAt(k)).toBeUndefined();
    replay.viewAt('public');
    replay.prepend(events.slice(0, k));
    const full = new Replay(events);
    expect(replay.start).toBe(0);
    for (const audience of ['public', 'p2', JUDGE]) {
      for (const revision of [0, 1, k - 1, k, events.length]) expect(json(replay.viewAt(audience, revision))).toBe(json(full.viewAt(audience, revision)));
      expect(json(replay.observations(audience, 0))).toBe(json(full.observations(audience, 0)));
    }
  });
});

describe('a snapshot is used only when it matches the log', () => {
  const events = chainedMatch(
    'lorcana',
    Array.from({ length: 160 }, (_, i) => (i * 104729) % 7919),
  );
  const k = 100;
  const snapshot = snapshotAt(events, k);

  it('round trips: restored, its state is the fold at its revision, the layout made again from MatchCreated', () => {
    const start = restoreSnapshot(snapshot, events[0], events[k - 1])!;
    expect(start.revision).toBe(k);
    expect(json(start.state)).toBe(json(new Replay(events).stateAt(k)));
    expect(start.head).toBe((events[k - 1].meta as { hash: string }).hash);
  });

  it('is thrown away when the log there has another hash: a snapshot of another history, or one edited', () => {
    expect(restoreSnapshot(snapshot, events[0], events[k])).toBeUndefined();
    expect(restoreSnapshot({ ...snapshot, hash: 'f'.repeat(64) }, events[0], events[k - 1])).toBeUndefined();
    const other = chainedMatch(
      'lorcana',
      Array.from({ length: 160 }, (_, i) => i),
    );
    expect(restoreSnapshot(snapshot, other[0], other[k - 1])).toBeUndefined();
  });

  it('is thrown away on another format version, or a shape it does not have', () => {
    expect(restoreSnapshot({ ...snapshot, version: SNAPSHOT_VERSION + 1 }, events[0], events[k - 1])).toBeUndefined();
    const { p1: _p1, ...seats } = snapshot.seats;
    expect(restoreSnapshot({ ...snapshot, seats }, events[0], events[k - 1])).toBeUndefined();
    expect(restoreSnapshot({ ...snapshot, state: { ...snapshot.state, revision: k + 1 } }, events[0], events[k - 1])).toBeUndefined();
    expect(restoreSnapshot({ ...snapshot, state: { ...snapshot.state, cards: [] } }, events[0], events[k - 1])).toBeUndefined();
    expect(restoreSnapshot('{}', events[0], events[k - 1])).toBeUndefined();
    expect(restoreSnapshot(snapshot, events[1], events[k - 1])).toBeUndefined();
  });

  it('is not taken of an event without a chain hash: there would be nothing to check it against', () => {
    const unchained = randomMatch('lorcana', [1, 2, 3], 20);
    const replay = new Replay(unchained);
    const state = replay.stateAt(5);
    const seats = new Map(seatedAudiences(state).map((audience) => [audience, replay.seatAt(audience, 5)] as const));
    expect(takeSnapshot(5, unchained[4], state, seats)).toBeUndefined();
  });
});

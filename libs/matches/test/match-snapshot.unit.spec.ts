import { canonicalJson, chainEvents } from '@matchlog/audit';
import { createHash } from 'crypto';
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

/**
 * A snapshot stored by one version of the fold is restored by the next one: if the fold's state or
 * seats changed (a rule fixed, a field renamed), an old snapshot would give views the full fold no
 * longer gives, and nothing but SNAPSHOT_VERSION tells it apart. What the fold makes of a fixed match
 * is pinned per version: a change that moves these fingerprints adds an entry under a bumped
 * SNAPSHOT_VERSION (never edits an old one), so snapshots of the old fold are thrown away. A version
 * may also change the stored format alone, its fold the same.
 */
const FOLD_1: Record<GameId, string> = {
  lorcana: 'b95e530d1818de68c1c8ea0d111e9ef87a509ec4e19fcd2ff6490d48ff4d5177',
  'four-souls': '715d13d12a2894bd567d3f7d1e8d1510e6cdf5985c80f925835316267556450a',
  'grand-archive': 'd16b2ad16d87410528fe73752cfd926dffb52b75f206ed84f8560c4995e9fc8c',
};
/** 3: the state and every view hold `voided` (MatchVoided) */
const FOLD_3: Record<GameId, string> = {
  lorcana: 'a86e5a41f059b9ba34ccfc3bf6c1a4b9b9ba2041bedb25b5c23a64a5519f46e6',
  'four-souls': '3ee2853e7c28e69a516eff81835d89d6ebb82cdb3fcd0e1e9466f88436512e0c',
  'grand-archive': 'fa09435aaea3076074ac7d64ea702958cceb4fdeec7cae228f49ab35f2f818c6',
};
/** 4: the state holds the judge's `desk` (calls, rulings, notes) */
const FOLD_4: Record<GameId, string> = {
  lorcana: '893c8f1376d2f3918064bbfc6448ee110e62f7091b9293902c97e7fbd3aed321',
  'four-souls': '37910381fba4dac8e7983fffe104f3401121944f479634b123c622fd153677af',
  'grand-archive': 'c3f713cebc780c20c463ec7cccbe09984005ce5ee2c04e78e4ce961920860461',
};
/** 5: a Four Souls match keeps the counters its ruleset declares, cents and souls on each player */
const FOLD_5: Record<GameId, string> = {
  ...FOLD_4,
  'four-souls': '0da89b4ccfe47805f68b6f03e20b041da9cd8b15b694c59beed79322a6738eeb',
};
/** 2: the same fold, the snapshot signed with a MAC (snapshot-signature.ts) */
const FOLD_FINGERPRINTS: Record<number, Record<GameId, string>> = { 1: FOLD_1, 2: FOLD_1, 3: FOLD_3, 4: FOLD_4, 5: FOLD_5 };

describe("a snapshot of a match with the judge's desk", () => {
  it('keeps the desk: the state, every view and what follows are the full fold, byte for byte', () => {
    const [created, ...play] = randomMatch(
      'lorcana',
      Array.from({ length: 80 }, (_, i) => (i * 7919) % 1009),
    );
    const desk = [
      { id: 'd1', type: 'JudgeCalled', data: { callId: 'k1', by: 'p1', at: 3, reason: 'a question' } },
      { id: 'd2', type: 'RulingGiven', data: { rulingId: 'r1', callId: 'k1', player: 'p2', infraction: 'Slow play', penalty: 'Caution', judge: 'Hugo' } },
      { id: 'd3', type: 'JudgeNoted', data: { noteId: 'n1', at: 3, text: 'here', published: true } },
    ] as MatchEvent[];
    const events = chainEvents([
      created,
      ...play.slice(0, 10),
      ...desk,
      ...play.slice(10),
      { id: 'd4', type: 'CallResolved', data: { callId: 'k1', judge: 'Hugo' } } as MatchEvent,
    ]);
    const k = 14;
    const replay = fromSnapshot(events, snapshotAt(events, k), k)!;
    const full = new Replay(events);
    expect(replay.stateAt(events.length).desk.calls).toEqual([expect.objectContaining({ callId: 'k1', status: 'resolved' })]);
    expect(json(replay.stateAt(events.length))).toBe(json(full.stateAt(events.length)));
    for (const audience of ['public', 'p1', 'p2', JUDGE]) expect(json(replay.viewAt(audience))).toBe(json(full.viewAt(audience)));
  });
});

describe('SNAPSHOT_VERSION', () => {
  it('changes whenever what a snapshot holds changes: the fold of a fixed match is pinned for each version', () => {
    const fingerprints = Object.fromEntries(
      GAMES.map((game) => {
        const events = chainedMatch(
          game,
          Array.from({ length: 160 }, (_, i) => (i * 7919) % 1009),
        );
        const { state, seats } = snapshotAt(events, Math.floor(events.length / 2));
        return [
          game,
          createHash('sha256')
            .update(canonicalJson({ state, seats } as never))
            .digest('hex'),
        ];
      }),
    );
    expect(fingerprints).toEqual(FOLD_FINGERPRINTS[SNAPSHOT_VERSION]);
  });
});

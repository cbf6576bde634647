import { AudienceView, JUDGE, PUBLIC, Replay, KEYFRAME_EVERY, emptyMatch, evolve, evolveView, judgeView, observe, emptySeat } from '@matchlog/domain';
import fc from 'fast-check';
import { randomMatch } from '@matchlog/testkit';

/** The slow, obviously right way: fold every observation from the first event. */
const foldFromScratch = (events: ReturnType<typeof randomMatch>, audience: string, revision: number) => {
  let { match, perception, view } = emptySeat(audience);
  for (const event of events.slice(0, revision)) {
    const observed = observe({ match, perception }, event);
    match = evolve(match, event);
    perception = observed.perception;
    view = evolveView(view, observed.observation);
  }
  return view;
};

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('replay', () => {
  it('gives, for any audience at any revision in any order of requests, the view a fold from scratch gives', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { minLength: 150, maxLength: 160 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
        fc.constantFrom('p1', 'p2', PUBLIC),
        (choices, requests, audience) => {
          const events = randomMatch('lorcana', choices);
          const replay = new Replay(events);
          for (const request of requests) {
            const revision = request % (events.length + 1);
            expect(replay.viewAt(audience, revision)).toEqual(foldFromScratch(events, audience, revision));
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('gives the judge the whole state at any revision', () => {
    const events = randomMatch(
      'four-souls',
      Array.from({ length: 150 }, (_, i) => (i * 7919) % 1000),
    );
    const replay = new Replay(events);
    for (const revision of [events.length, 3, KEYFRAME_EVERY + 1, 0]) {
      expect(replay.viewAt(JUDGE, revision)).toEqual(judgeView(events.slice(0, revision).reduce(evolve, emptyMatch)));
    }
  });

  it('steps forward without refolding from zero, and goes back from a keyframe', () => {
    const touched = new Set<number>();
    const events = randomMatch(
      'grand-archive',
      Array.from({ length: 150 }, (_, i) => (i * 104729) % 997),
    ).map((e, i) => new Proxy(e, { get: (target, key, receiver) => (touched.add(i), Reflect.get(target, key, receiver)) }));
    const replay = new Replay(events);
    const stepsFor = (revision: number) => {
      touched.clear();
      replay.viewAt('p1', revision);
      return [...touched].sort((a, b) => a - b);
    };
    expect(stepsFor(100)).toEqual(range(0, 100));
    expect(stepsFor(110)).toEqual(range(100, 110));
    expect(stepsFor(KEYFRAME_EVERY + 3)).toEqual(range(KEYFRAME_EVERY, KEYFRAME_EVERY + 3));
  });

  it('plays back the observations of an audience between two revisions, and appends new events', () => {
    const events = randomMatch(
      'lorcana',
      Array.from({ length: 150 }, (_, i) => (i * 31) % 101),
    );
    const replay = new Replay(events.slice(0, 50));
    replay.append(events.slice(50));
    const observed = replay.observations('p2', 10, 20);
    expect(observed.map((entry) => entry.revision)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(observed).toEqual(new Replay(events).observations('p2').slice(10, 20));
    expect((replay.viewAt('p2') as AudienceView).revision).toBe(events.length);
    expect(replay.observations(JUDGE, 0, 2).map((entry) => entry.observation)).toEqual(events.slice(0, 2));
  });
});

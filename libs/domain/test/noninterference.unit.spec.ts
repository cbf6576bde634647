import { ObservationEntry, GameId, MatchEvent, PUBLIC, Replay } from '@matchlog/domain';
import fc from 'fast-check';
import { event } from '@matchlog/testkit';
import { definitionsOf, everSeen } from './support/oracle';
import { randomMatch } from '@matchlog/testkit';
import { placementTwin, twinFor } from './support/twin';

const games: GameId[] = ['lorcana', 'four-souls', 'grand-archive'];
const audiences = ['p1', 'p2', PUBLIC];
/** per game; CI runs them all, so keep the product of runs and match length in check */
const RUNS = Number(process.env.MATCHLOG_PROPERTY_RUNS ?? 300);

const matches = fc.tuple(fc.array(fc.nat(), { minLength: 40, maxLength: 160 }), fc.nat());

/**
 * A shuffle's commitment differs between twin worlds (it hides the order only because its salt is
 * secret), and MatchEnded declassifies every shuffle's order and salt to the players once the match
 * is over: both are masked before comparing (spectators get no orders: see the publicDeckLists property).
 */
const withoutPublication = (observation: ObservationEntry['observation']) => {
  if (observation.type !== 'MatchEnded' || !('shuffles' in observation)) return observation;
  const { shuffles: _declassified, ...rest } = observation;
  return rest;
};
const masked = ({ revision, observation }: ObservationEntry) =>
  JSON.stringify({ revision, observation: withoutPublication(observation) }).replace(/"commitment":"[0-9a-f]*"/g, '"commitment":"(masked)"');
const observedOf = (replay: Replay, audience: string) => replay.observations(audience).map(masked);
const viewsOf = (replay: Replay, audience: string) => Array.from({ length: replay.revision + 1 }, (_, r) => JSON.stringify(replay.viewAt(audience, r)));

/** The match played to its end: every shuffle gets a salt drawn from `seed` (as the server draws one), then MatchEnded. */
const toTheEnd = (events: readonly MatchEvent[], seed: string): MatchEvent[] => [
  ...events.map((e) => (e.type === 'ZoneShuffled' ? { ...e, data: { ...e.data, salt: `${seed}-${e.id}` } } : e)),
  event('MatchEnded', { reason: 'time' }),
];

describe.each(games)('noninterference in %s', (game) => {
  it(`an audience's observations and views are byte for byte the same in a twin world that differs only in what it never saw (${RUNS} matches)`, () => {
    fc.assert(
      fc.property(matches, fc.constantFrom(...audiences), ([choices, shift], audience) => {
        const events = randomMatch(game, choices);
        const twin = twinFor(events, audience, shift);
        const ours = new Replay(events);
        const theirs = new Replay(twin.events);
        expect(observedOf(theirs, audience)).toEqual(observedOf(ours, audience));
        expect(viewsOf(theirs, audience)).toEqual(viewsOf(ours, audience));
      }),
      { numRuns: RUNS },
    );
  });

  it('nobody follows a card through a shuffle or a face-down placement in any order: a world where two such cards trade places looks the same', () => {
    let compared = 0;
    fc.assert(
      fc.property(matches, fc.constantFrom(...audiences), ([choices, choice], audience) => {
        const events = randomMatch(game, choices);
        const twin = placementTwin(events, audience, choice);
        if (twin === null) return;
        compared++;
        expect(observedOf(new Replay(twin), audience)).toEqual(observedOf(new Replay(events), audience));
      }),
      { numRuns: RUNS },
    );
    expect(compared).toBeGreaterThan(RUNS / 2);
  });

  it('without publicDeckLists, spectators get the same stream through MatchEnded in worlds with other deck lists, deck orders and salts', () => {
    let shuffled = 0;
    fc.assert(
      fc.property(matches, ([choices, shift]) => {
        const events = randomMatch(game, choices);
        const ours = new Replay(toTheEnd(events, 'ours'));
        const worlds = [twinFor(events, PUBLIC, shift).events, placementTwin(events, PUBLIC, shift)].filter((world) => world !== null);
        for (const world of worlds) {
          const theirs = new Replay(toTheEnd(world, 'theirs'));
          expect(observedOf(theirs, PUBLIC)).toEqual(observedOf(ours, PUBLIC));
          expect(viewsOf(theirs, PUBLIC)).toEqual(viewsOf(ours, PUBLIC));
        }
        const end = ours.observations(PUBLIC).at(-1)!.observation;
        expect(end).toEqual({ type: 'MatchEnded', reason: 'time' });
        // the players do get every shuffle's order and salt: the worlds differ for them
        if (events.some((e) => e.type === 'ZoneShuffled')) {
          shuffled++;
          expect(ours.observations('p1').at(-1)!.observation).toMatchObject({
            type: 'MatchEnded',
            shuffles: expect.arrayContaining([expect.objectContaining({ salt: expect.stringMatching(/^ours-/) })]),
          });
        }
      }),
      { numRuns: Math.ceil(RUNS / 3) },
    );
    expect(shuffled).toBeGreaterThan(RUNS / 6);
  });

  it('no non-judge observation or view holds a recorder card id or the definition of a card its audience could not know then', () => {
    fc.assert(
      fc.property(matches, fc.constantFrom(...audiences), ([choices], audience) => {
        const events = randomMatch(game, choices);
        const replay = new Replay(events);
        const seen = everSeen(events, audience);
        const definitions = definitionsOf(events);
        const observed = replay.observations(audience);
        for (const { revision, observation } of observed) {
          const payloads = [JSON.stringify(withoutPublication(observation)), JSON.stringify(replay.viewAt(audience, revision))];
          for (const payload of payloads) {
            expect(payload).not.toContain('CID-');
            for (const [cardId, definition] of definitions) {
              if (!seen[revision].has(cardId) && payload.includes(`"${definition}"`)) {
                throw new Error(`${audience} got the definition of ${cardId} at revision ${revision} without having seen it: ${payload}`);
              }
            }
          }
        }
      }),
      { numRuns: Math.ceil(RUNS / 3) },
    );
  });
});

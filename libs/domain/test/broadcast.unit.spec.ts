import { BROADCAST, ObservationEntry, GameId, MatchEvent, Replay, Seat, emptySeat, stepSeat } from '@matchlog/domain';
import fc from 'fast-check';
import { event } from '@matchlog/testkit';
import { definitionsOf, everSeen } from './support/oracle';
import { randomMatch } from '@matchlog/testkit';
import { placementTwin, twinFor } from './support/twin';

/**
 * The broadcast audience knows what the players together know (every hand its owner sees, every card
 * a player looks at, is shown or finds) and nothing that no player knows: in the style of
 * noninterference.unit.spec.ts, with the broadcast as the audience and "no player saw it" as the secret.
 */
const games: GameId[] = ['lorcana', 'four-souls', 'grand-archive'];
const players = ['p1', 'p2'];
const RUNS = Number(process.env.MATCHLOG_PROPERTY_RUNS ?? 300);
const matches = fc.tuple(fc.array(fc.nat(), { minLength: 40, maxLength: 160 }), fc.nat());

const withoutPublication = (observation: ObservationEntry['observation']) => {
  if (observation.type !== 'MatchEnded' || !('shuffles' in observation)) return observation;
  const { shuffles: _declassified, ...rest } = observation;
  return rest;
};
const masked = ({ revision, observation }: ObservationEntry) =>
  JSON.stringify({ revision, observation: withoutPublication(observation) }).replace(/"commitment":"[0-9a-f]*"/g, '"commitment":"(masked)"');
const observedOf = (replay: Replay) => replay.observations(BROADCAST).map(masked);
const viewsOf = (replay: Replay) => Array.from({ length: replay.revision + 1 }, (_, r) => JSON.stringify(replay.viewAt(BROADCAST, r)));
const definitionsIn = (payload: unknown): Set<string> => new Set([...JSON.stringify(payload).matchAll(/"definition":"([^"]*)"/g)].map((m) => m[1]));

const toTheEnd = (events: readonly MatchEvent[], seed: string): MatchEvent[] => [
  ...events.map((e) => (e.type === 'ZoneShuffled' ? { ...e, data: { ...e.data, salt: `${seed}-${e.id}` } } : e)),
  event('MatchEnded', { reason: 'time' }),
];

describe.each(games)('the broadcast audience in %s', (game) => {
  it(`its observations and views are byte for byte the same in a twin world that differs only in cards no player ever saw (${Math.ceil(RUNS / 2)} matches)`, () => {
    let differing = 0;
    fc.assert(
      fc.property(matches, ([choices, shift]) => {
        const events = randomMatch(game, choices);
        const twin = twinFor(events, BROADCAST, shift);
        if (twin.hidden.length >= 2) differing++;
        const ours = new Replay(events);
        const theirs = new Replay(twin.events);
        expect(observedOf(theirs)).toEqual(observedOf(ours));
        expect(viewsOf(theirs)).toEqual(viewsOf(ours));
      }),
      { numRuns: Math.ceil(RUNS / 2) },
    );
    expect(differing).toBeGreaterThan(RUNS / 4);
  });

  it('it follows no card through a shuffle nobody saw: a world where two such cards trade places looks the same', () => {
    let compared = 0;
    fc.assert(
      fc.property(matches, ([choices, choice]) => {
        const events = randomMatch(game, choices);
        const twin = placementTwin(events, BROADCAST, choice);
        if (twin === null) return;
        compared++;
        expect(observedOf(new Replay(twin))).toEqual(observedOf(new Replay(events)));
      }),
      { numRuns: Math.ceil(RUNS / 2) },
    );
    expect(compared).toBeGreaterThan(RUNS / 8);
  });

  it('no salt before MatchEnded; MatchEnded then discloses to it every shuffle, as to the players', () => {
    let shuffled = 0;
    fc.assert(
      fc.property(matches, ([choices, shift]) => {
        const events = randomMatch(game, choices);
        const ours = new Replay(toTheEnd(events, 'ours'));
        const theirs = new Replay(toTheEnd(twinFor(events, BROADCAST, shift).events, 'theirs'));
        expect(observedOf(theirs)).toEqual(observedOf(ours));
        const observed = ours.observations(BROADCAST);
        for (const { revision, observation } of observed.slice(0, -1)) {
          expect(JSON.stringify(observation)).not.toContain('ours-');
          expect(JSON.stringify(ours.viewAt(BROADCAST, revision))).not.toContain('ours-');
        }
        expect(observed.at(-1)!.observation).toEqual(ours.observations('p1').at(-1)!.observation);
        if (events.some((e) => e.type === 'ZoneShuffled')) {
          shuffled++;
          expect(observed.at(-1)!.observation).toMatchObject({
            type: 'MatchEnded',
            shuffles: expect.arrayContaining([expect.objectContaining({ salt: expect.stringMatching(/^ours-/) })]),
          });
        }
      }),
      { numRuns: Math.ceil(RUNS / 3) },
    );
    expect(shuffled).toBeGreaterThan(RUNS / 6);
  });

  it('no observation or view names a card no player could have identified by then, nor holds a recorder card id', () => {
    fc.assert(
      fc.property(matches, ([choices]) => {
        const events = randomMatch(game, choices);
        const replay = new Replay(events);
        const seen = everSeen(events, BROADCAST);
        const definitions = definitionsOf(events);
        for (const { revision, observation } of replay.observations(BROADCAST)) {
          for (const payload of [JSON.stringify(observation), JSON.stringify(replay.viewAt(BROADCAST, revision))]) {
            expect(payload).not.toContain('CID-');
            for (const [cardId, definition] of definitions) {
              if (!seen[revision].has(cardId) && payload.includes(`"${definition}"`))
                throw new Error(`broadcast named ${cardId} at revision ${revision}, which no player could identify: ${payload}`);
            }
          }
        }
      }),
      { numRuns: Math.ceil(RUNS / 3) },
    );
  });

  it('at every revision it identifies every card that any player identifies (perception and view)', () => {
    let identified = 0;
    fc.assert(
      fc.property(matches, ([choices]) => {
        const events = randomMatch(game, choices);
        let seats: Seat[] = [...players, BROADCAST].map((audience) => emptySeat(audience));
        for (const e of events) {
          seats = seats.map((seat) => stepSeat(seat, e).seat);
          const broadcast = seats.at(-1)!;
          const named = definitionsIn(broadcast.view);
          for (const seat of seats.slice(0, -1)) {
            seat.perception.known.forEach((knows, card) => {
              if (knows && !broadcast.perception.known[card]) throw new Error(`${seat.perception.audience} identifies card ${card} after ${e.id}; the broadcast does not`);
            });
            for (const definition of definitionsIn(seat.view)) {
              identified++;
              if (!named.has(definition)) throw new Error(`${seat.perception.audience}'s view names ${definition} after ${e.id}; the broadcast's does not`);
            }
          }
        }
      }),
      { numRuns: Math.ceil(RUNS / 3) },
    );
    expect(identified).toBeGreaterThan(0);
  });
});

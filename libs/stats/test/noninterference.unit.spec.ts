import { Audience, EventOf, GameId, MatchEvent, MatchState, PUBLIC, Seat, emptyMatch, emptySeat, evolve, stepSeat } from '@matchlog/domain';
import { cardTable, deckTable, eventFigures, handFigures, leadTable, matchups, ownGames, readingOf } from '@matchlog/stats';
import { event, randomMatch } from '@matchlog/testkit';
import fc from 'fast-check';

/**
 * The printed type that makes a card a lead (lead-table.ts LEADS), on some of the generator's cards: Four Souls' cards
 * in play (each player's character), and every third Grand Archive card (the generator puts cards into the field from
 * hand and deck, never from the material deck, so champions are dealt there too, to reach the field at all).
 */
const leadType = (game: GameId, zone: string, i: number): string | undefined =>
  game === 'four-souls' && zone === 'play' ? 'Character' : game === 'grand-archive' && i % 3 === 0 ? 'Champion' : undefined;

/** A random match that ends (the winner drawn too), with or without public deck lists; Four Souls at 2 to 4 seats. */
const endedMatch = (game: GameId, choices: readonly number[], publicDeckLists: boolean, seats = 2): MatchEvent[] => {
  const events = randomMatch(game, choices, 160, seats);
  const created = events[0] as EventOf<'MatchCreated'>;
  const cards = created.data.cards.map((card, i) => {
    const type = leadType(game, card.zone.zone, i);
    return type === undefined ? card : { ...card, printed: { ...card.printed, type } };
  });
  const first: MatchEvent = { ...created, data: { ...created.data, cards, ...(publicDeckLists && { publicDeckLists: true }) } };
  return [first, ...events.slice(1), event('MatchEnded', { winner: `p${1 + (choices[0] % seats)}`, reason: 'lore' })];
};

/**
 * The cards `audience` never saw: never known to it at any revision (its perception, the same one its
 * observations are made with), nor listed in a shuffle MatchEnded discloses to it. Read from the judge's
 * side, in the test only, to build the second history.
 */
const neverSeenBy = (events: readonly MatchEvent[], audience: Audience): Set<number> => {
  let seat: Seat = emptySeat(audience);
  let state: MatchState = emptyMatch;
  const seen = new Set<number>();
  for (const e of events) {
    seat = stepSeat(seat, e).seat;
    state = evolve(state, e);
    seat.perception.known.forEach((known, card) => known && seen.add(card));
  }
  const disclosed = audience !== PUBLIC || state.layout!.publicDeckLists;
  if (disclosed) for (const shuffle of state.shuffles) for (const card of shuffle.cards) seen.add(card);
  return new Set(state.cards.map((_, card) => card).filter((card) => !seen.has(card)));
};

/** The same history but for the definitions of `hidden` cards: each renamed, so hands, deck order and face-down cards differ. */
const rewrite = (events: readonly MatchEvent[], hidden: ReadonlySet<number>, salt: string): MatchEvent[] => {
  const created = events[0] as EventOf<'MatchCreated'>;
  const cards = created.data.cards.map((card, i) => (hidden.has(i) ? { ...card, definition: `other:${salt}:${i}` } : card));
  return [{ ...created, data: { ...created.data, cards } }, ...events.slice(1)];
};

/** Everything published to one audience about one match's history, as bytes. */
const published = (events: readonly MatchEvent[], audience: Audience): string => {
  const reading = readingOf(events, audience);
  return JSON.stringify(
    audience === PUBLIC
      ? { reading, cards: cardTable([reading]), decks: deckTable([reading]), matchups: matchups([reading]), leads: leadTable(reading.game ?? '', [reading]) }
      : { reading, own: handFigures(ownGames([reading])) },
  );
};

const games: [GameId, number][] = [
  ['lorcana', 2],
  ['grand-archive', 2],
  ['four-souls', 2],
  ['four-souls', 3],
  ['four-souls', 4],
];
const choices = fc.array(fc.nat(), { minLength: 40, maxLength: 140 });

describe('noninterference over history: cards an audience never saw change nothing it is told', () => {
  it.each(games)('%s at %i seats: the public and each player get byte-identical statistics from two histories that differ only in cards they never saw', (game, seats) => {
    let differing = 0;
    let leads = 0;
    fc.assert(
      fc.property(choices, fc.boolean(), (picks, open) => {
        const events = endedMatch(game, picks, open, seats);
        leads += readingOf(events, PUBLIC).seats.filter((seat) => seat.lead !== undefined).length;
        for (const audience of [PUBLIC, ...Array.from({ length: seats }, (_, i) => `p${i + 1}`)]) {
          const hidden = neverSeenBy(events, audience);
          if (hidden.size > 0) differing++;
          expect([audience, published(rewrite(events, hidden, 'x'), audience)]).toEqual([audience, published(events, audience)]);
        }
      }),
      { numRuns: 25 },
    );
    // the property was not vacuous: most runs hid something, and the games with a lead showed some
    expect(differing).toBeGreaterThan(25);
    if (game !== 'lorcana') expect(leads).toBeGreaterThan(0);
  });

  it('the lead a player saw is the lead the public saw: a champion comes from the field, a character from play, never from a private zone', () => {
    fc.assert(
      fc.property(choices, (picks) => {
        for (const [game, seats] of games.filter(([g]) => g !== 'lorcana')) {
          const events = endedMatch(game, picks, false, seats);
          const leadsOf = (audience: string) => readingOf(events, audience).seats.map((seat) => seat.lead ?? null);
          for (let i = 1; i <= seats; i++) expect(leadsOf(`p${i}`)).toEqual(leadsOf(PUBLIC));
        }
      }),
      { numRuns: 15 },
    );
  });

  it('the rewrite is seen where it should be: the judge-side definitions of a card a player saw do change their statistics', () => {
    const events = endedMatch(
      'lorcana',
      Array.from({ length: 120 }, (_, i) => (i * 7919) % 101),
      false,
    );
    const all = new Set((events[0] as EventOf<'MatchCreated'>).data.cards.map((_, i) => i));
    expect(published(rewrite(events, all, 'x'), 'p1')).not.toEqual(published(events, 'p1'));
  });
});

describe("the organizer's K-threshold rule", () => {
  const eventOf = (histories: readonly MatchEvent[][], ended: boolean) =>
    histories.map((events, i) => ({ matchId: `m${i}`, ended, readings: ['p1', 'p2'].map((p) => readingOf(events, p)) }));

  it('withheld (too few players, or a match not over): the same bytes whatever the games held, even cards every player saw', () => {
    fc.assert(
      fc.property(fc.array(choices, { minLength: 1, maxLength: 4 }), (runs) => {
        const histories = runs.map((picks) => endedMatch('lorcana', picks, false));
        const everything = histories.map((events) => rewrite(events, new Set((events[0] as EventOf<'MatchCreated'>).data.cards.map((_, i) => i)), 'y'));
        const tooFew = JSON.stringify(eventFigures(eventOf(histories, true), 2 * histories.length + 1));
        expect(JSON.stringify(eventFigures(eventOf(everything, true), 2 * histories.length + 1))).toBe(tooFew);
        expect(JSON.parse(tooFew)).toEqual({ released: false, reason: 'TOO_FEW_PLAYERS', minPlayers: 2 * histories.length + 1 });
        const running = JSON.stringify(eventFigures(eventOf(histories, false), 1));
        expect(JSON.stringify(eventFigures(eventOf(everything, false), 1))).toBe(running);
        expect(JSON.parse(running)).toMatchObject({ released: false, reason: 'EVENT_NOT_OVER' });
      }),
      { numRuns: 15 },
    );
  });

  it('released (K players reached, every match over): the same bytes from histories that differ only in cards no player saw', () => {
    fc.assert(
      fc.property(fc.array(choices, { minLength: 1, maxLength: 4 }), (runs) => {
        const histories = runs.map((picks) => endedMatch('lorcana', picks, false));
        const variants = histories.map((events) => {
          const p1 = neverSeenBy(events, 'p1');
          const hidden = new Set([...neverSeenBy(events, 'p2')].filter((card) => p1.has(card)));
          return rewrite(events, hidden, 'z');
        });
        const released = eventFigures(eventOf(histories, true), 2 * histories.length);
        expect(released.released).toBe(true);
        expect(JSON.stringify(eventFigures(eventOf(variants, true), 2 * histories.length))).toBe(JSON.stringify(released));
      }),
      { numRuns: 15 },
    );
  });
});

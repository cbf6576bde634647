import { EventOf, MatchEvent, PUBLIC } from '@matchlog/domain';
import { convertTcgOnlineReplay, importedEvents } from '@matchlog/matches';
import { cardTable, deckTable, factsOf, handFigures, matchups, MatchReading, ownGames, readingOf } from '@matchlog/stats';
import { tcgOnlineGeneratedSamples, tcgOnlineSamples } from '@matchlog/testkit';

/** The imported replays as matches: MatchCreated (optionally with public deck lists), then every step's events. */
const matches = (publicDeckLists = false) =>
  [...tcgOnlineSamples(), ...tcgOnlineGeneratedSamples()].map((sample) => {
    const converted = convertTcgOnlineReplay(sample.json);
    if (!converted.ok) throw new Error(`${sample.name}: ${JSON.stringify(converted)}`);
    let n = 0;
    const stamp = (type: string, data: unknown) => ({ id: `e${++n}`, type, data, meta: { recordedBy: 'organizer', recordedAt: converted.createdAt } }) as MatchEvent;
    const events = [
      stamp('MatchCreated', { ...converted.created, ...(publicDeckLists && { publicDeckLists: true }) }),
      ...importedEvents(converted).map((e) => stamp(e.type, e.data)),
    ];
    return { name: sample.name, events };
  });

const read = (events: readonly MatchEvent[], audience: string): MatchReading => readingOf(events, audience, factsOf('lorcana'));

describe('statistics over the imported tcg.online replays (a sanity check)', () => {
  const all = matches();
  const publicReadings = all.map((m) => read(m.events, PUBLIC));

  it('every ended game has exactly one winner, so the wins over both sides add up to the games', () => {
    const ended = publicReadings.filter((r) => r.ended);
    expect(ended.length).toBe(6);
    for (const r of ended) expect(r.seats.map((s) => s.won).sort()).toEqual([0, 1]);
    expect(ended.flatMap((r) => r.seats).reduce((sum, s) => sum + (s.won ?? 0), 0)).toBe(ended.length);
    // the short game stopped after turn 4 has no result and counts nowhere
    expect(publicReadings.find((r) => !r.ended)!.seats.every((s) => s.won === null)).toBe(true);
  });

  it('the lore the public credits to quests is every "quested" lore gain of the log, character by character', () => {
    for (const [i, m] of all.entries()) {
      const logged = m.events.reduce((sum, e) => sum + (e.type === 'CounterChanged' && e.data.reason === 'quested' ? (e.data.by ?? 0) : 0), 0);
      const credited = publicReadings[i].seats.flatMap((s) => Object.values(s.cards)).reduce((sum, line) => sum + line.lore, 0);
      expect([m.name, credited]).toEqual([m.name, logged]);
    }
  });

  it('the card table over the ended games: wins never exceed games, and every rate sits in its interval', () => {
    const table = cardTable(publicReadings);
    expect(table.length).toBeGreaterThan(40);
    for (const card of table) {
      expect(card.playedWinRate.wins).toBeLessThanOrEqual(card.playedWinRate.games);
      expect(card.playedWinRate.games).toBeLessThanOrEqual(card.games);
      if (card.playedWinRate.rate !== null) {
        expect(card.playedWinRate.low!).toBeLessThanOrEqual(card.playedWinRate.rate);
        expect(card.playedWinRate.high!).toBeGreaterThanOrEqual(card.playedWinRate.rate);
      }
      expect(card.playedWinRate.lowSample).toBe(true);
      // no deck lists reach the public without publicDeckLists
      expect(card.deckWinRate.games).toBe(0);
    }
    // the three songs the generated g01 game sings (its README), each sung by one character
    expect(table.reduce((sum, c) => sum + c.songsSung, 0)).toBe(3);
    expect(table.reduce((sum, c) => sum + c.sang, 0)).toBe(3);
    expect(table.reduce((sum, c) => sum + c.challenges, 0)).toBeGreaterThan(0);
  });

  it("without publicDeckLists the public gets no ink pairs; with it, each deck's inks are those printed on its owner's cards", () => {
    expect(deckTable(publicReadings)).toEqual([]);
    const open = matches(true);
    const readings = open.map((m) => read(m.events, PUBLIC));
    for (const [i, r] of readings.entries()) {
      expect(r.deckLists).toBe(r.ended);
      if (!r.ended) continue;
      const created = open[i].events[0] as EventOf<'MatchCreated'>;
      for (const seat of r.seats) {
        // the judge's side, in the test only: the inks printed on the cards the match gave this player
        const printed = new Set(created.data.cards.filter((c) => c.owner === seat.player).flatMap((c) => c.printed!.ink!.split('/')));
        expect([open[i].name, seat.inks]).toEqual([open[i].name, [...printed].sort().join('/')]);
        expect(seat.inks!.split('/')).toHaveLength(2);
        expect(seat.deck).toHaveLength(60);
      }
    }
    const decks = deckTable(readings);
    expect(decks.reduce((sum, d) => sum + d.games, 0)).toBe(12);
    expect(decks.reduce((sum, d) => sum + d.winRate.wins, 0)).toBe(6);
    expect(decks.reduce((sum, d) => sum + d.metaShare, 0)).toBeCloseTo(1, 3);
    const grid = matchups(readings);
    expect(grid.reduce((sum, m) => sum + m.winRate.games, 0)).toBe(12);
  });

  it("each player's own figures: a hand of seven kept, mulligans out of the first seven, the deck of sixty", () => {
    for (const m of all) {
      for (const player of ['p1', 'p2']) {
        const reading = read(m.events, player);
        const hand = reading.seats.find((s) => s.player === player)!.hand!;
        expect(hand.initial).toHaveLength(7);
        expect(hand.opening).toHaveLength(7);
        for (const card of hand.mulliganed) expect(hand.initial).toContain(card);
        // the other seat's hand is not this player's to read
        expect(reading.seats.find((s) => s.player !== player)!.hand).toBeUndefined();
        if (reading.ended) expect(reading.seats.every((s) => s.deck?.length === 60)).toBe(true);
      }
    }
    const mine = ownGames(all.map((m) => read(m.events, 'p1')));
    expect(mine).toHaveLength(6);
    const figures = handFigures(mine);
    for (const f of figures) {
      expect(f.inHand.games).toBeGreaterThanOrEqual(Math.max(f.openingHand.games, f.drawn.games));
      expect(f.inHand.games + f.notSeen.games).toBeLessThanOrEqual(6);
    }
  });
});

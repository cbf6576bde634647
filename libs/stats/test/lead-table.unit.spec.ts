import { MatchEvent, PUBLIC, StartingCard } from '@matchlog/domain';
import { leadTable, readingOf } from '@matchlog/stats';
import { at, event, move } from '@matchlog/testkit';

/** A Four Souls table of `seats`: each player's character and starting item in play (the setup), `winner` wins. */
const fourSouls = (characters: readonly string[], winner: number): MatchEvent[] => {
  const players = characters.map((_, i) => `p${i + 1}`);
  const cards: StartingCard[] = players.flatMap((p, i) => [
    { cardId: `${p}-c`, owner: p, zone: at('play', p), definition: characters[i], printed: { type: 'Character', hp: 2 } },
    { cardId: `${p}-i`, owner: p, zone: at('play', p), definition: `${characters[i]}'s item`, printed: { type: 'Starting Item' } },
  ]);
  cards.push(...Array.from({ length: 6 }, (_, i): StartingCard => ({ cardId: `loot-${i}`, owner: null, zone: at('loot-deck') })));
  return [
    event('MatchCreated', { game: 'four-souls', players: players.map((id) => ({ id })), cards }),
    event('TurnStarted', { player: 'p1', turn: 1 }),
    event('MatchEnded', { winner: players[winner], reason: 'four souls' }),
  ];
};

describe('the lead table: what each game makes a deck', () => {
  it("Four Souls: each character's win rate at tables of each size, from the characters in play", () => {
    const readings = [fourSouls(['Isaac', 'Maggy', 'Cain'], 0), fourSouls(['Isaac', 'Maggy', 'Cain', 'Judas'], 1), fourSouls(['Maggy', 'Isaac'], 1)].map((events) =>
      readingOf(events, PUBLIC),
    );
    const table = leadTable('four-souls', readings);
    const row = (lead: string, seats: number) => table.find((r) => r.lead === lead && r.seats === seats)!;
    expect(table).toHaveLength(9);
    expect(row('Isaac', 3)).toMatchObject({ role: 'character', games: 1, winRate: { wins: 1, games: 1 }, onPlay: { wins: 1, games: 1 } });
    expect(row('Isaac', 4).winRate).toMatchObject({ wins: 0, games: 1 });
    expect(row('Isaac', 2).winRate).toMatchObject({ wins: 1, games: 1 });
    expect(row('Maggy', 4).winRate).toMatchObject({ wins: 1, games: 1 });
    // the starting item is no character
    expect(table.some((r) => r.lead.endsWith("'s item"))).toBe(false);
    for (const seats of [2, 3, 4]) expect(table.filter((r) => r.seats === seats).reduce((sum, r) => sum + r.share, 0)).toBeCloseTo(1, 3);
  });

  it('Grand Archive: the champion is the last Champion put into the field, as a level-up puts the next one there; none before', () => {
    const champion = (id: string, name: string, level: number): StartingCard => ({
      cardId: id,
      owner: 'p1',
      zone: at('material-deck', 'p1'),
      definition: name,
      printed: { type: 'Champion', level },
    });
    const events: MatchEvent[] = [
      event('MatchCreated', {
        game: 'grand-archive',
        players: [{ id: 'p1' }, { id: 'p2' }],
        cards: [champion('c0', 'Spirit of Fire', 0), champion('c1', 'Lorraine, Wandering Warrior', 1), { cardId: 'x', owner: 'p2', zone: at('main-deck', 'p2') }],
      }),
      event('TurnStarted', { player: 'p1', turn: 1 }),
      move('c0', at('material-deck', 'p1'), at('field', 'p1')),
      move('c1', at('material-deck', 'p1'), at('field', 'p1')),
      event('MatchEnded', { winner: 'p1', reason: 'champion died' }),
    ];
    expect(readingOf(events.slice(0, 3), PUBLIC).seats.map((s) => s.lead)).toEqual(['Spirit of Fire', undefined]);
    expect(leadTable('grand-archive', [readingOf(events, PUBLIC)])).toEqual([
      expect.objectContaining({ lead: 'Lorraine, Wandering Warrior', role: 'champion', seats: 2, games: 1, winRate: expect.objectContaining({ wins: 1, games: 1 }) }),
    ]);
    // Lorcana has no lead: its decks are ink pairs, from deck lists
    expect(leadTable('lorcana', [readingOf(events, PUBLIC)])).toEqual([]);
  });
});

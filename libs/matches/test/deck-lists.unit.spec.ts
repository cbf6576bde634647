import { MatchCreated } from '@matchlog/domain';
import { DeckListUnknownCards, ValidationFailed, matchCreatedWithDecks } from '@matchlog/matches';

const match = (extra: object = {}) => ({ game: 'lorcana', players: [{ id: 'p1' }, { id: 'p2' }], ...extra }) as unknown as MatchCreated;

describe('matchCreatedWithDecks', () => {
  it('adds each list as a paper deck after the given cards: ids <player>-n, no names (nobody knows the order), the list as lists; the rest as it was', () => {
    const given = { cardId: 'c1', owner: 'p2', definition: 'Be Prepared', zone: { zone: 'hand', player: 'p2' }, printed: { cost: 7 } };
    const result = matchCreatedWithDecks(match({ cards: [given], tournament: { round: 2 } }), { p1: '2 Elsa - Snow Queen\n1 be prepared' });
    expect(result.tournament).toEqual({ round: 2 });
    expect(result.cards.map(({ cardId, definition, zone }) => [cardId, definition, zone])).toEqual([
      ['c1', 'Be Prepared', { zone: 'hand', player: 'p2' }],
      ['p1-1', undefined, { zone: 'deck', player: 'p1' }],
      ['p1-2', undefined, { zone: 'deck', player: 'p1' }],
      ['p1-3', undefined, { zone: 'deck', player: 'p1' }],
    ]);
    expect(result.cards.slice(1).every((card) => !('definition' in card) && !('printed' in card))).toBe(true);
    expect(result.cards[0].printed).toEqual({ cost: 7 });
    expect(result.lists).toEqual([
      {
        player: 'p1',
        cards: [
          { definition: 'Elsa - Snow Queen', copies: 2, printed: expect.objectContaining({ type: 'Character', lore: 1, cost: 3 }) },
          { definition: 'Be Prepared', copies: 1, printed: expect.objectContaining({ type: 'Action' }) },
        ],
      },
    ]);
  });

  it('adds the copies of two lines that name one card into one entry of the list', () => {
    const result = matchCreatedWithDecks(match(), { p1: '2 Elsa - Snow Queen\n1 elsa snow queen' });
    expect(result.lists).toEqual([{ player: 'p1', cards: [expect.objectContaining({ definition: 'Elsa - Snow Queen', copies: 3 })] }]);
    expect(result.cards).toHaveLength(3);
  });

  it('gives an empty list no cards, and a match with lists but no cards field its lists alone', () => {
    expect(matchCreatedWithDecks(match(), { p1: '', p2: '# nothing yet' }).cards).toEqual([]);
  });

  it('leaves a match it cannot read for the domain to refuse, and any other game as it is', () => {
    const odd = match({ cards: 'none' });
    expect(matchCreatedWithDecks(odd)).toBe(odd);
    const other = match({ game: 'four-souls', cards: [{ cardId: 'c1', owner: 'p1', definition: 'Be Prepared', zone: { zone: 'deck', player: 'p1' } }] });
    expect(matchCreatedWithDecks(other)).toBe(other);
  });

  it('refuses lists for another game or player (VALIDATION_FAILED) and lines naming no card (DECK_LIST_UNKNOWN_CARDS), p1 then p2', () => {
    expect(() => matchCreatedWithDecks(match({ game: 'four-souls' }), { p1: '4 Be Prepared' })).toThrow(ValidationFailed);
    expect(() => matchCreatedWithDecks(match(), { p9: '4 Be Prepared' })).toThrow(ValidationFailed);
    const error = (() => {
      try {
        matchCreatedWithDecks(match(), { p1: '4 Be Prepard', p2: 'Elsa' });
      } catch (e) {
        return e;
      }
    })() as DeckListUnknownCards;
    expect(error).toBeInstanceOf(DeckListUnknownCards);
    expect(error.lines.map(({ player, line, problem }) => [player, line, problem])).toEqual([
      ['p1', 1, 'unknown'],
      ['p2', 1, 'malformed'],
    ]);
    expect(error.message).toMatch(
      /^2 lines of the deck lists name no card: deckLists\.p1 line 1 "4 Be Prepard" is unknown; did you mean "Be Prepared", .*\? \(every line is in `lines`\)$/,
    );
  });

  it('makes a Grand Archive list its material deck and main deck zones, the sideboard a section of the list only', () => {
    const created = matchCreatedWithDecks(match({ game: 'grand-archive' }), {
      p1: '# Material Deck\n1 Spirit of Fire\n# Main Deck\n3 Fireball\n1 Fireball\n# Sideboard\n2 Fireball',
    });
    expect(created.cards.map(({ cardId, zone }) => [cardId, zone.zone])).toEqual([
      ['p1-1', 'main-deck'],
      ['p1-2', 'main-deck'],
      ['p1-3', 'main-deck'],
      ['p1-4', 'main-deck'],
      ['p1-m1', 'material-deck'],
    ]);
    expect(created.lists![0].cards.map(({ definition, copies, section }) => [definition, copies, section])).toEqual([
      ['Spirit of Fire', 1, 'material'],
      ['Fireball', 4, 'main'],
      ['Fireball', 2, 'sideboard'],
    ]);
  });
});

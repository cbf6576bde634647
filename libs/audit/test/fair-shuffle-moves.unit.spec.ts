import { checkCommitments, sealShuffle } from '@matchlog/audit';
import { EventDataByType, GameId, MatchEvent, ZoneRef, emptyMatch, foldMatch, validateBatch } from '@matchlog/domain';
import { at, cards, created, event, move } from '@matchlog/testkit';

/**
 * The fair-shuffle check follows a deck's order through every move that changes it, in each game:
 * an honest match is never accused, and a card taken from below the top is still found after it.
 */
interface Game {
  readonly game: GameId;
  readonly deck: ZoneRef;
  readonly hand: ZoneRef;
  /** a public ordered pile cards may be taken from anywhere */
  readonly pile: ZoneRef;
  readonly owner: string | null;
}

const games: Game[] = [
  { game: 'lorcana', deck: at('deck', 'p1'), hand: at('hand', 'p1'), pile: at('discard', 'p1'), owner: 'p1' },
  { game: 'four-souls', deck: at('loot-deck'), hand: at('hand', 'p1'), pile: at('loot-discard'), owner: null },
  { game: 'grand-archive', deck: at('main-deck', 'p1'), hand: at('hand', 'p1'), pile: at('graveyard', 'p1'), owner: 'p1' },
];

const SALT = 'c'.repeat(32);
/** The findings as code@revision, of a log the domain accepts. */
const codes = (events: readonly MatchEvent[]) => {
  const verdict = validateBatch(emptyMatch, events);
  if (!verdict.ok) throw new Error(JSON.stringify(verdict.error));
  return checkCommitments(events).map((f) => `${f.code}@${f.revision}`);
};

describe.each(games)('the fair-shuffle check in $game', ({ game, deck, hand, pile, owner }) => {
  const deckCards = cards(owner, deck, ['Ariel', 'Stitch', 'Moana', 'Mulan', 'Hades', 'Rapunzel']);
  const ids = deckCards.map((card) => card.cardId);
  const handCards = cards('p1', hand, ['Belle', 'Gaston']);
  const [x, y] = handCards.map((card) => card.cardId);
  const pileCards = cards(owner ?? 'p1', pile, ['Jafar', 'Iago', 'Genie'], 'pile');
  const start = created(game, [...deckCards, ...handCards, ...pileCards.map((card) => ({ ...card, owner }))]);
  /** the committed order, top first */
  const o = [ids[2], ids[0], ids[3], ids[1], ids[5], ids[4]];

  const shuffle = (before: readonly MatchEvent[], zone: ZoneRef, order: readonly string[]) => {
    const data = event('ZoneShuffled', { zone, order });
    return { ...data, data: sealShuffle(foldMatch(before, emptyMatch), data.data, SALT) };
  };
  const shuffled = [start, shuffle([start], deck, o)];
  const draw = (cardId: string) => move(cardId, deck, hand);
  const moves = (...list: EventDataByType['CardMoved'][]) => event('CardsMoved', { moves: list });

  it('a search lets the found card leave from anywhere, and only that card', () => {
    const search = event('SearchPerformed', { player: 'p1', zone: deck, criteria: 'Hades', found: o[4] });
    const honest = [...shuffled, search, event('CardsRevealed', { cardIds: [o[4]] }), draw(o[4]), draw(o[0]), draw(o[1])];
    expect(codes(honest)).toEqual([]);
    expect(codes([...honest, draw(o[3])])).toEqual(['DRAW_NOT_FROM_COMMITTED_ORDER@8']);
    expect(codes([...shuffled, search, draw(o[3])])).toEqual(['DRAW_NOT_FROM_COMMITTED_ORDER@4']);
  });

  it('a found card put on top is then the top card', () => {
    const search = event('SearchPerformed', { player: 'p1', zone: deck, found: o[3] });
    const onTop = [...shuffled, search, move(o[3], deck, deck, { position: 'top' }), draw(o[3]), draw(o[0])];
    expect(codes(onTop)).toEqual([]);
    expect(codes([...onTop, draw(o[2])])).toEqual(['DRAW_NOT_FROM_COMMITTED_ORDER@7']);
  });

  it('cards a player looked at or revealed may be taken in any order, the rest put on the bottom', () => {
    for (const type of ['CardsLookedAt', 'CardsRevealed'] as const) {
      const seen = type === 'CardsLookedAt' ? event(type, { player: 'p1', cardIds: [o[0], o[1], o[2]] }) : event(type, { cardIds: [o[0], o[1], o[2]] });
      const chosen = moves(
        { cardId: o[1], from: deck, to: hand },
        { cardId: o[2], from: deck, to: deck, position: 'bottom' },
        { cardId: o[0], from: deck, to: deck, position: 'bottom' },
      );
      // the deck is now o3 o4 o5 o2 o0
      const honest = [...shuffled, seen, chosen, draw(o[3]), draw(o[4]), draw(o[5]), draw(o[2])];
      expect(codes(honest)).toEqual([]);
      expect(codes([...shuffled, seen, chosen, draw(o[3]), draw(o[0])])).toEqual(['DRAW_NOT_FROM_COMMITTED_ORDER@6']);
      // not the card below the ones seen, and only during that turn
      expect(codes([...shuffled, seen, draw(o[3])])).toEqual(['DRAW_NOT_FROM_COMMITTED_ORDER@4']);
      expect(codes([...shuffled, seen, event('TurnStarted', { player: 'p2', turn: 2 }), draw(o[1])])).toEqual(['DRAW_NOT_FROM_COMMITTED_ORDER@5']);
    }
  });

  it('follows cards put on top, on the bottom, at an index, and several on the bottom in any order', () => {
    const atIndex = [...shuffled, move(x, hand, deck, { position: 2 }), draw(o[0]), draw(o[1]), draw(x)];
    expect(codes(atIndex)).toEqual([]);
    expect(codes([...shuffled, move(x, hand, deck, { position: 2 }), draw(o[0]), draw(o[1]), draw(o[2])])).toEqual(['DRAW_NOT_FROM_COMMITTED_ORDER@6']);
    const onTop = [...shuffled, move(x, hand, deck, { position: 'top' })];
    expect(codes([...onTop, draw(x), draw(o[0])])).toEqual([]);
    expect(codes([...onTop, draw(o[0])])).toEqual(['DRAW_NOT_FROM_COMMITTED_ORDER@4']);
    // two cards on the bottom in the order the recorder chose (Lorcana 7.2.3): y above x
    const bottom = [...shuffled, moves({ cardId: y, from: hand, to: deck, position: 'bottom' }, { cardId: x, from: hand, to: deck, position: 'bottom' }), ...o.map(draw)];
    expect(codes([...bottom, draw(y), draw(x)])).toEqual([]);
    expect(codes([...bottom, draw(x)])).toEqual(['DRAW_NOT_FROM_COMMITTED_ORDER@10']);
    // a card drawn from the bottom, with no search, look or reveal
    expect(codes([...shuffled, move(x, hand, deck, { position: 'bottom' }), draw(x)])).toEqual(['DRAW_NOT_FROM_COMMITTED_ORDER@4']);
  });

  it('the top card put on the bottom is then the bottom card', () => {
    const under = [...shuffled, move(o[0], deck, deck, { position: 'bottom' }), draw(o[1])];
    expect(codes(under)).toEqual([]);
    expect(codes([...under, draw(o[0])])).toEqual(['DRAW_NOT_FROM_COMMITTED_ORDER@5']);
  });

  it('a new committed shuffle restarts the check on its order', () => {
    const reshuffled = [...shuffled, draw(o[0])];
    const again = [...reshuffled, shuffle(reshuffled, deck, [o[5], o[4], o[3], o[2], o[1]])];
    expect(codes([...again, draw(o[5])])).toEqual([]);
    expect(checkCommitments([...again, draw(o[4])])[0]).toMatchObject({ revision: 5, message: expect.stringContaining('shuffle at revision 4') });
    expect(checkCommitments([...again, move(x, hand, deck, { position: 'bottom' }), draw(o[5]), draw(x)])[0]).toMatchObject({
      revision: 7,
      message: expect.stringContaining('shuffle at revision 4'),
    });
  });

  it('does not follow a public pile: its cards may be taken from anywhere', () => {
    const pileIds = pileCards.map((card) => card.cardId);
    const piled = [start, shuffle([start], pile, [pileIds[1], pileIds[2], pileIds[0]])];
    expect(codes([...piled, move(pileIds[0], pile, hand)])).toEqual([]);
  });
});

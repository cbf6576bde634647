import { EventOf, MatchEvent } from '@matchlog/domain';
import { event, randomMatch } from '@matchlog/testkit';
import { checkAggregate } from '../src/deliveries/check-aggregate';

const ended = (choices: number[]): MatchEvent[] => [...randomMatch('lorcana', choices), event('MatchEnded', { winner: 'p1', reason: 'lore' })];

describe('the leak check of an answer over many matches', () => {
  const a = ended(Array.from({ length: 90 }, (_, i) => (i * 13) % 29));
  const b = ended(Array.from({ length: 90 }, (_, i) => (i * 7) % 23));
  const cardsOf = (events: MatchEvent[]) => (events[0] as EventOf<'MatchCreated'>).data.cards;

  it('passes names and figures that carry no card of the matches', () => {
    expect(checkAggregate([a, b], 'public', { cards: [{ card: 'Not a card of these', games: 3 }], rate: 0.5 })).toEqual([]);
  });

  it("must be able to fail: the judge's deck named to the public, a card id, and a hidden definition as an object key", () => {
    const deck = cardsOf(a).find((c) => c.zone.zone === 'deck')!;
    expect(checkAggregate([a, b], 'public', { cards: [{ card: deck.definition }], [deck.cardId]: 1 })).toEqual([
      { path: '$.cards[0].card', kind: 'definition', value: deck.definition },
      { path: `$ (key "${deck.cardId}")`, kind: 'cardId', value: deck.cardId },
    ]);
  });

  it('a card the audience saw in one match may be named, though another match kept a copy of it hidden', () => {
    const renamed = (events: MatchEvent[], index: number): MatchEvent[] => {
      const created = events[0] as EventOf<'MatchCreated'>;
      const cards = created.data.cards.map((c, i) => (i === index ? { ...c, definition: 'Shared Card' } : c));
      return [{ ...created, data: { ...created.data, cards } }, ...events.slice(1)];
    };
    // p1 holds its starting hand from the first revision; in the other match the copy is a card of p2 that p1 never knew
    const seen = renamed(
      a,
      cardsOf(a).findIndex((c) => c.zone.zone === 'hand' && c.owner === 'p1'),
    );
    const hiddenAt = cardsOf(b).findIndex((c) => c.owner === 'p2' && checkAggregate([b], 'p1', c.definition).length > 0);
    expect(hiddenAt).toBeGreaterThanOrEqual(0);
    const hidden = renamed(b, hiddenAt);
    expect(checkAggregate([hidden], 'p1', { card: 'Shared Card' })).toEqual([{ path: '$.card', kind: 'definition', value: 'Shared Card' }]);
    expect(checkAggregate([seen, hidden], 'p1', { card: 'Shared Card' })).toEqual([]);
  });
});

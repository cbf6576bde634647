import { auditMatch, knowledgeAt, knowledgeLedger } from '@matchlog/audit';
import { MatchEvent, StartingCard } from '@matchlog/domain';
import { at, event, move } from '@matchlog/testkit';

const list = [
  { definition: 'Elsa - Snow Queen', copies: 2, printed: { type: 'Character', lore: 1 } },
  { definition: 'Be Prepared', copies: 6, printed: { type: 'Action' } },
];
const deck = (player: string): StartingCard[] => Array.from({ length: 8 }, (_, i) => ({ cardId: `${player}-${i + 1}`, owner: player, zone: at('deck', player) }));
const opening = (player: string, count = 7) =>
  event('CardsMoved', { moves: Array.from({ length: count }, (_, i) => ({ cardId: `${player}-${i + 1}`, from: at('deck', player), to: at('hand', player) })) });
const named = (cardId: string, definition: string) => move(cardId, at('hand', 'p1'), at('play', 'p1'), { definition });

/** A paper match as the recorder records it: shuffled without an order, opening hands drawn unseen, cards named as they are played. */
const paperMatch = (...rest: MatchEvent[]): MatchEvent[] => [
  event('MatchCreated', {
    game: 'lorcana',
    players: [{ id: 'p1' }, { id: 'p2' }],
    cards: [...deck('p1'), ...deck('p2')],
    lists: ['p1', 'p2'].map((player) => ({ player, cards: list })),
  }),
  event('ZoneShuffled', { zone: at('deck', 'p1') }),
  event('ZoneShuffled', { zone: at('deck', 'p2') }),
  ...rest,
];
const honest = () =>
  paperMatch(opening('p1'), opening('p2'), event('TurnStarted', { player: 'p1', turn: 1 }), named('p1-7', 'Elsa - Snow Queen'), move('p1-8', at('deck', 'p1'), at('hand', 'p1')));
const codes = (events: MatchEvent[]) => auditMatch(events).filter((finding) => finding.severity === 'violation');

describe('the audit of a paper match', () => {
  it('accuses no honest paper game: draws from a deck nobody ordered, cards named as they are seen, no commitment to break', () => {
    expect(codes(honest())).toEqual([]);
  });

  it('NAMED_BEYOND_LIST: a third Elsa named from a list of two, with the card and the rule', () => {
    const events = paperMatch(
      opening('p1'),
      opening('p2'),
      event('TurnStarted', { player: 'p1', turn: 1 }),
      named('p1-1', 'Elsa - Snow Queen'),
      named('p1-2', 'Elsa - Snow Queen'),
      named('p1-3', 'Elsa - Snow Queen'),
    );
    const found = codes(events);
    expect(found).toEqual([expect.objectContaining({ code: 'NAMED_BEYOND_LIST', rule: 'matchlog deck list', revision: 9, players: ['p1'] })]);
    expect(found[0].message).toContain('p1-3 (Elsa - Snow Queen)');
    // a name the list does not hold at all is the same disagreement
    expect(codes(paperMatch(opening('p1'), opening('p2'), named('p1-1', 'Ariel - On Human Legs'))).map((f) => f.code)).toEqual(['NAMED_BEYOND_LIST']);
  });

  it('OPENING_HAND_NOT_SEVEN (7.3.1): a player who begins the first turn with eight, or six, cards in hand', () => {
    const eight = paperMatch(opening('p1', 8), opening('p2'), event('TurnStarted', { player: 'p1', turn: 1 }));
    expect(codes(eight)).toEqual([expect.objectContaining({ code: 'OPENING_HAND_NOT_SEVEN', rule: 'lorcana 7.3.1', players: ['p1'] })]);
    expect(codes(eight)[0].message).toContain('8 cards');
    const six = paperMatch(opening('p1'), opening('p2', 6), event('TurnStarted', { player: 'p1', turn: 1 }));
    expect(codes(six).map((f) => [f.code, f.players])).toEqual([['OPENING_HAND_NOT_SEVEN', ['p2']]]);
  });

  it('knowledge: a card drawn unseen is known to no audience, its owner included, until it is named; then to all', () => {
    const events = honest();
    const ledger = knowledgeLedger(events);
    expect(ledger.intervals.filter((interval) => interval.cardId === 'p1-1')).toEqual([]);
    const elsa = ledger.intervals.filter((interval) => interval.cardId === 'p1-7');
    expect(elsa.map((interval) => [interval.audience, interval.definition, interval.learned.revision])).toEqual(
      expect.arrayContaining([
        ['p1', 'Elsa - Snow Queen', 7],
        ['p2', 'Elsa - Snow Queen', 7],
        ['public', 'Elsa - Snow Queen', 7],
      ]),
    );
    const hand = knowledgeAt(events, 8).cards.filter((card) => card.zone === 'hand@p1');
    expect(hand.every((card) => card.definition === null && card.knownTo.length === 0)).toBe(true);
  });
});

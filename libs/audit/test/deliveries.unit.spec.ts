import { BROADCAST, MatchEvent, PUBLIC } from '@matchlog/domain';
import { cards, created, event, move } from '@matchlog/testkit';
import { foldValid } from '../../domain/test/support/given';
import { lorcanaTable, lorcanaTableWithBroadcast, p1Deck, p1Hand, p1Play, p2Deck, p2Hand, p2Play } from '../../domain/test/support/tables';
import { DeliveryError, checkDeliveries } from '../src/deliveries/check-deliveries';
import { AuditInputError } from '../src/knowledge/errors';
import { knowledgeLedger } from '../src/knowledge/ledger';

const valid = (...events: MatchEvent[]) => {
  foldValid(events);
  return events;
};

// revision 2: p1 drew Ariel; revision 3: p1 played Lyle (public)
const events = valid(lorcanaTable(), move('p1-deck-0', p1Deck, p1Hand), move('p1-hand-1', p1Hand, p1Play));

const overlay = (p1Hand: unknown[], ticker: string) => ({
  match: { table: 4, round: 1 },
  players: [
    { id: 'p1', hand: p1Hand, play: [{ name: 'Lyle Tiberius Rourke - Cunning Mercenary' }], handCount: 3 },
    { id: 'p2', hand: [{}, {}], play: [], handCount: 2 },
  ],
  ticker,
});

describe('leak check of delivered payloads', () => {
  it('a planted leak in a fake overlay feed is reported with its path: the exact value and inside a longer line', () => {
    const feed = [
      { audience: PUBLIC, revision: 3, payload: overlay([{}, {}], 'p1 drew a card') },
      { audience: PUBLIC, revision: 3, payload: overlay([{ name: 'Ariel - On Human Legs' }, {}], 'p1 drew Ariel - On Human Legs') },
    ];
    const leaks = checkDeliveries(events, feed);
    expect(leaks.map(({ message, ...leak }) => leak)).toEqual([
      { delivery: 1, audience: PUBLIC, revision: 3, path: '$.players[0].hand[0].name', kind: 'definition', value: 'Ariel - On Human Legs', cardId: 'p1-deck-0' },
      { delivery: 1, audience: PUBLIC, revision: 3, path: '$.ticker', kind: 'definition', value: 'Ariel - On Human Legs', cardId: 'p1-deck-0' },
    ]);
    expect(leaks[0].message).toContain('public could not identify at revision 3');
  });

  it('a clean feed reports nothing: a public card by name, counts and hidden cards without names', () => {
    const feed = [1, 2, 3].map((revision) => ({ audience: PUBLIC, revision, payload: overlay([{}, {}, {}], 'p1 played Lyle Tiberius Rourke - Cunning Mercenary') }));
    expect(checkDeliveries(events, feed.slice(2))).toEqual([]);
    // before it was played, Lyle was in p1's hand: naming it then is a leak
    expect(checkDeliveries(events, feed.slice(0, 1)).map((l) => [l.revision, l.cardId])).toEqual([
      [1, 'p1-hand-1'],
      [1, 'p1-hand-1'],
    ]);
  });

  it('counters are public: a CounterChanged observation with its score is clean; a hidden card named in its reason is a leak', () => {
    const scored = valid(...events, event('CounterChanged', { counter: 'lore', player: 'p1', by: 2, reason: 'quested with Lyle Tiberius Rourke - Cunning Mercenary' }));
    const observation = { type: 'CounterChanged', counter: 'lore', player: 'p1', value: 2, change: 2, reason: 'quested with Lyle Tiberius Rourke - Cunning Mercenary' };
    expect(checkDeliveries(scored, [{ audience: PUBLIC, revision: 4, payload: { counters: { p1: { lore: 2 } }, observation } }])).toEqual([]);
    const leaked = { ...observation, reason: 'quested while holding Ariel - On Human Legs' };
    expect(checkDeliveries(scored, [{ audience: 'p2', revision: 4, payload: { observation: leaked } }]).map((leak) => [leak.path, leak.cardId])).toEqual([
      ['$.observation.reason', 'p1-deck-0'],
    ]);
  });

  it('what the audience knows depends on the revision: p1 may name the card it drew from revision 2 on', () => {
    const named = (revision: number) => ({ audience: 'p1', revision, payload: { hand: ['Ariel - On Human Legs'] } });
    expect(checkDeliveries(events, [named(1), named(2), named(3)]).map((l) => l.delivery)).toEqual([0]);
  });

  it('a recorder card id is a leak for every audience but the judge, as a value, inside a string or as an object key', () => {
    const payload = { debug: { id: 'p1-hand-1' }, log: 'moved p2-deck-2 to the bottom', byId: { 'p2-hand-0': { n: 1 } } };
    const leaks = checkDeliveries(events, [
      { audience: 'p1', revision: 3, payload },
      { audience: 'judge', revision: 3, payload },
    ]);
    expect(leaks.map((l) => [l.delivery, l.kind, l.path, l.value, l.cardId])).toEqual([
      [0, 'cardId', '$.debug.id', 'p1-hand-1', 'p1-hand-1'],
      [0, 'cardId', '$.log', 'p2-deck-2', 'p2-deck-2'],
      [0, 'cardId', "$.byId['p2-hand-0']", 'p2-hand-0', 'p2-hand-0'],
    ]);
    expect(leaks[2].message).toContain('object key');
  });

  it('a duplicate definition the audience can identify elsewhere is not a leak (two copies of a card in one deck are normal)', () => {
    const table = created('lorcana', [
      ...cards('p1', 'deck', ['Stitch - Rock Star', 'Elsa - Snow Queen', 'Stitch - Rock Star']),
      ...cards('p1', 'hand', ['Stitch - Rock Star']),
      ...cards('p2', 'hand', ['Moana - Of Motunui']),
    ]);
    const history = valid(table);
    const payload = { deckTop: 'Stitch - Rock Star' };
    const leaks = checkDeliveries(history, [
      { audience: 'p1', revision: 1, payload },
      { audience: 'p2', revision: 1, payload },
    ]);
    expect(leaks.map((l) => [l.audience, l.value, l.cardId])).toEqual([['p2', 'Stitch - Rock Star', 'p1-deck-0']]);
    expect(leaks[0].message).toContain('one of the 3 cards');
  });

  it('a definition inside a longer known definition is not a leak; on its own it is; word boundaries hold ("card-1" is not in "card-10")', () => {
    const table = created('lorcana', [...cards('p1', 'hand', ['Ariel - On Human Legs', 'card-10']), ...cards('p2', 'deck', ['Ariel', 'card-1'])]);
    const history = valid(table, move('p1-hand-0', p1Hand, p1Play), move('p1-hand-1', p1Hand, p1Play));
    const leaks = checkDeliveries(history, [
      { audience: PUBLIC, revision: 3, payload: { line: 'p1 played ARIEL - ON HUMAN LEGS', other: 'p1 played card-10' } },
      { audience: PUBLIC, revision: 3, payload: { line: 'p2 has Ariel on top', also: 'Ariel' } },
    ]);
    expect(leaks.map((l) => [l.delivery, l.path, l.value, l.cardId])).toEqual([
      [1, '$.line', 'Ariel', 'p2-deck-0'],
      [1, '$.also', 'Ariel', 'p2-deck-0'],
    ]);
  });

  it('a card lost by a shuffle is a leak again: naming the looked-at top card after the shuffle', () => {
    const history = valid(
      lorcanaTable(),
      event('CardsLookedAt', { player: 'p1', cardIds: ['p1-deck-0'] }),
      event('ZoneShuffled', { zone: p1Deck, order: ['p1-deck-2', 'p1-deck-0', 'p1-deck-3', 'p1-deck-1'] }),
    );
    const top = (revision: number) => ({ audience: 'p1', revision, payload: { deck: [{ name: 'Ariel - On Human Legs' }] } });
    expect(checkDeliveries(history, [top(2), top(3)]).map((l) => [l.delivery, l.path])).toEqual([[1, '$.deck[0].name']]);
  });

  it('an opponent card that was played, then put on the bottom of its deck face up (7.2.3), may still be named until a shuffle', () => {
    const history = valid(
      lorcanaTable(),
      move('p2-hand-0', p2Hand, p2Play),
      event('CardsMoved', { moves: [{ cardId: 'p2-hand-0', from: p2Play, to: p2Deck, position: 'bottom', reason: 'Under the Sea' }] }),
      event('ZoneShuffled', { zone: p2Deck, order: ['p2-deck-2', 'p2-hand-0', 'p2-deck-0', 'p2-deck-1'] }),
    );
    const bottom = (revision: number) => ({ audience: 'p1', revision, payload: { bottom: 'Moana - Of Motunui' } });
    expect(checkDeliveries(history, [bottom(3), bottom(4)]).map((l) => l.revision)).toEqual([4]);
  });

  describe('deck lists at MatchEnded', () => {
    // p2's deck shuffled (Hades on top), then the match ends: MatchEnded discloses that order
    const played = (publicDeckLists?: boolean) => {
      const table = lorcanaTableWithBroadcast();
      return valid(
        publicDeckLists === undefined ? table : { ...table, data: { ...table.data, publicDeckLists } },
        event('ZoneShuffled', { zone: p2Deck, order: ['p2-deck-2', 'p2-deck-0', 'p2-deck-1'], salt: 'ab'.repeat(16) }),
        event('MatchEnded', { winner: 'p1', reason: '20 lore' }),
      );
    };
    const deckList = (audience: string, revision: number) => ({ audience, revision, payload: { p2deck: ['Hades - Lord of the Underworld', 'Maleficent - Monstrous Dragon'] } });

    it("a spectator's payload naming a deck card after MatchEnded is a leak, unless the match has publicDeckLists", () => {
      expect(checkDeliveries(played(), [deckList(PUBLIC, 3)]).map((l) => [l.revision, l.path, l.cardId])).toEqual([
        [3, '$.p2deck[0]', 'p2-deck-2'],
        [3, '$.p2deck[1]', 'p2-deck-0'],
      ]);
      expect(checkDeliveries(played(false), [deckList(PUBLIC, 3)])).toHaveLength(2);
      expect(checkDeliveries(played(true), [deckList(PUBLIC, 3)])).toEqual([]);
      expect(knowledgeLedger(played()).published).toMatchObject({ revision: 3, audiences: ['p1', 'p2', BROADCAST] });
      expect(knowledgeLedger(played(true)).published).toMatchObject({ revision: 3, audiences: ['p1', 'p2', PUBLIC, BROADCAST] });
    });

    it('every player, the opponent of the deck included, may name its cards from MatchEnded on, not before', () => {
      expect(checkDeliveries(played(), [deckList('p1', 3), deckList('p2', 3)])).toEqual([]);
      expect(checkDeliveries(played(), [deckList('p1', 2)]).map((l) => l.revision)).toEqual([2, 2]);
    });
  });

  describe('refuses malformed input with a DeliveryError naming the field', () => {
    const cases: [string, unknown, string][] = [
      ['not a list', { audience: 'p1' }, 'deliveries'],
      ['a delivery that is not an object', [null], 'deliveries[0]'],
      [
        'an unknown audience',
        [
          { audience: 'p1', revision: 1, payload: {} },
          { audience: 'p3', revision: 1, payload: {} },
        ],
        'deliveries[1].audience',
      ],
      ['a revision past the end', [{ audience: 'p1', revision: 4, payload: {} }], 'deliveries[0].revision'],
      ['a negative revision', [{ audience: 'p1', revision: -1, payload: {} }], 'deliveries[0].revision'],
      ['a fractional revision', [{ audience: 'p1', revision: 1.5, payload: {} }], 'deliveries[0].revision'],
      ['a missing payload', [{ audience: 'p1', revision: 1 }], 'deliveries[0].payload'],
    ];
    it.each(cases)('%s', (_name, deliveries, path) => {
      let thrown: unknown;
      try {
        checkDeliveries(events, deliveries as never);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(DeliveryError);
      expect(thrown).toBeInstanceOf(AuditInputError);
      expect(thrown).toMatchObject({ code: 'INVALID_DELIVERY', path });
      expect((thrown as Error).message).toContain(path);
    });

    it('a payload nested absurdly deep', () => {
      let payload: unknown = 'x';
      for (let i = 0; i < 1000; i++) payload = [payload];
      expect(() => checkDeliveries(events, [{ audience: 'p1', revision: 1, payload }])).toThrow(expect.objectContaining({ path: 'deliveries[0].payload' }));
    });
  });
});

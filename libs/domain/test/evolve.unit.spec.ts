import { MatchEvent, MatchState, emptyMatch, eventTypes, evolve, judgeView, validate } from '@matchlog/domain';
import fc from 'fast-check';
import { at, cards, created, event, move } from '@matchlog/testkit';
import { foldValid } from './support/given';
import { lorcanaTable, p1Deck, p1Discard, p1Hand, p1Ink, p1Play } from './support/tables';

const card = (state: MatchState, cardId: string) => state.cards[state.layout!.cardIndex.get(cardId)!];
const where = (state: MatchState, cardId: string) => state.layout!.zones[card(state, cardId).zone].key;

describe('evolve', () => {
  const table = lorcanaTable();

  it('moves a card to the top, the bottom or an index of an ordered zone', () => {
    const top = foldValid([table, move('p1-hand-0', p1Hand, p1Deck, { position: 'top' })]);
    expect(judgeView(top).zones['deck@p1'].cards[0].cardId).toBe('p1-hand-0');
    const second = foldValid([table, move('p1-hand-0', p1Hand, p1Deck, { position: 1 })]);
    expect(judgeView(second).zones['deck@p1'].cards.map((c) => c.cardId)).toEqual(['p1-deck-0', 'p1-hand-0', 'p1-deck-1', 'p1-deck-2', 'p1-deck-3']);
    const bottom = foldValid([table, move('p1-deck-0', p1Deck, p1Deck, { position: 'bottom' })]);
    expect(judgeView(bottom).zones['deck@p1'].cards.map((c) => c.cardId)).toEqual(['p1-deck-1', 'p1-deck-2', 'p1-deck-3', 'p1-deck-0']);
  });

  it('without a position, a card goes on top of a discard or stack and at the bottom of a deck', () => {
    const state = foldValid([table, move('p1-hand-0', p1Hand, p1Discard), move('p1-hand-1', p1Hand, p1Discard), move('p1-hand-2', p1Hand, p1Deck)]);
    expect(judgeView(state).zones['discard@p1'].cards.map((c) => c.cardId)).toEqual(['p1-hand-1', 'p1-hand-0']);
    expect(judgeView(state).zones['deck@p1'].cards.at(-1)!.cardId).toBe('p1-hand-2');
  });

  it('7.1.6: a card leaving play becomes a new card and its damage and exertion are removed', () => {
    const state = foldValid([
      table,
      move('p1-hand-1', p1Hand, p1Play),
      event('CardStatusChanged', { cardId: 'p1-hand-1', exerted: true, damage: 3 }),
      move('p1-hand-1', p1Play, p1Discard),
    ]);
    expect(card(state, 'p1-hand-1')).toMatchObject({ object: 1, exerted: false, damage: 0, faceDown: false });
  });

  it('moving from hand to play is not leaving play: the same object (7.1.6)', () => {
    expect(card(foldValid([table, move('p1-hand-1', p1Hand, p1Play)]), 'p1-hand-1').object).toBe(0);
  });

  it('7.5.2: cards enter the inkwell face down and ready', () => {
    const state = foldValid([table, move('p1-hand-1', p1Hand, p1Play), event('CardStatusChanged', { cardId: 'p1-hand-1', exerted: true }), move('p1-hand-1', p1Play, p1Ink)]);
    expect(card(state, 'p1-hand-1')).toMatchObject({ faceDown: true, exerted: false });
  });

  it('Four Souls: every zone change makes a new object, so abilities aimed at the old one fizzle', () => {
    const souls = created('four-souls', cards(null, at('monster-slot', undefined, 1), ['Gaper']));
    const state = foldValid([
      souls,
      move('shared-monster-slot1-0', at('monster-slot', undefined, 1), at('covered')),
      move('shared-monster-slot1-0', at('covered'), at('monster-slot', undefined, 1)),
    ]);
    expect(card(state, 'shared-monster-slot1-0').object).toBe(2);
  });

  it('Four Souls: an empty deck is replaced by its discard, in the shuffled order the recorder reports', () => {
    const souls = created('four-souls', [...cards(null, 'loot-deck', ['Penny']), ...cards(null, 'loot-discard', ['Bomb', 'Key', 'Pill'])], ['p1']);
    const state = foldValid([
      souls,
      move('shared-loot-deck-0', at('loot-deck'), at('hand', 'p1')),
      event('ZoneShuffled', { zone: at('loot-deck'), order: ['shared-loot-discard-2', 'shared-loot-discard-0', 'shared-loot-discard-1'] }),
    ]);
    expect(judgeView(state).zones['loot-deck'].cards.map((c) => c.definition)).toEqual(['Pill', 'Bomb', 'Key']);
    expect(judgeView(state).zones['loot-deck'].cards.every((c) => c.faceDown)).toBe(true);
    expect(judgeView(state).zones['loot-discard'].count).toBe(0);
  });

  it('records turns, control, the end of the match, and what changes nothing on the table', () => {
    const state = foldValid([
      table,
      event('TurnStarted', { player: 'p2', turn: 2 }),
      move('p1-hand-1', p1Hand, p1Play),
      event('ControlChanged', { cardId: 'p1-hand-1', controller: 'p2' }),
      event('CardsRevealed', { cardIds: ['p1-hand-0'] }),
      event('MatchEnded', { winner: 'p2', reason: 'reached 20 lore' }),
    ]);
    expect(state.turn).toEqual({ player: 'p2', number: 2 });
    expect(card(state, 'p1-hand-1').controller).toBe('p2');
    expect(where(state, 'p1-hand-0')).toBe('hand@p1');
    expect(state.ended).toEqual({ winner: 'p2', reason: 'reached 20 lore' });
    expect(state.revision).toBe(6);
  });

  it('validate refuses malformed data, naming the field, and never throws either', () => {
    const bad = [
      [{ id: 'x', type: 'MatchCreated', data: [] }, 'data'],
      [{ id: 'x', type: 'MatchCreated', data: { ...table.data, publicDeckLists: 'yes' } }, 'data.publicDeckLists'],
      [{ id: 'x', type: 'CardMoved', data: { cardId: 'p1-deck-0', from: { zone: 'deck', player: 'p1' } } }, 'data.to'],
      [{ id: 'x', type: 'CardsMoved', data: { moves: [{ cardId: 1 }] } }, 'data.moves[0].cardId'],
      [{ id: 'x', type: 'TurnStarted', data: { player: 'p1', turn: '2' } }, 'data.turn'],
    ] as const;
    const state = evolve(emptyMatch, table);
    for (const [event, path] of bad) {
      expect(validate(event.type === 'MatchCreated' ? emptyMatch : state, event as unknown as MatchEvent)).toMatchObject({ ok: false, error: { code: 'MALFORMED_EVENT', path } });
    }
  });

  it('never throws, whatever it is given, and counts every event as a revision', () => {
    const anything = fc.record({ id: fc.string(), type: fc.constantFrom(...eventTypes, 'Bogus'), data: fc.anything() }) as fc.Arbitrary<unknown>;
    const ref = fc.record({ zone: fc.constantFrom('deck', 'hand', 'play', 'inkwell', 'nowhere'), player: fc.constantFrom('p1', 'p2', 'p9') });
    const plausible = fc.record({
      id: fc.string(),
      type: fc.constantFrom(...eventTypes),
      data: fc.record(
        {
          cardId: fc.constantFrom('p1-deck-0', 'p1-hand-1', 'ghost'),
          from: ref,
          to: ref,
          zone: ref,
          order: fc.array(fc.string()),
          moves: fc.array(fc.record({ cardId: fc.string(), from: ref, to: ref })),
          triggerId: fc.string(),
          player: fc.string(),
          cardIds: fc.array(fc.string()),
          position: fc.oneof(fc.integer(), fc.constant('top')),
        },
        { requiredKeys: [] },
      ),
    }) as fc.Arbitrary<unknown>;
    fc.assert(
      fc.property(fc.array(fc.oneof(anything, plausible), { maxLength: 30 }), fc.boolean(), (events, startCreated) => {
        const start = startCreated ? evolve(emptyMatch, table) : emptyMatch;
        for (const e of events as MatchEvent[]) validate(start, e);
        const end = (events as MatchEvent[]).reduce(evolve, start);
        expect(end.revision).toBe(start.revision + events.length);
      }),
      { numRuns: 300 },
    );
  });
});

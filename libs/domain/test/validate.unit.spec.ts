import { EventType, Fields, MatchEvent, MatchState, emptyMatch, eventDataSchemas, eventTypes, evolve, validate, validateBatch, vocabulary } from '@matchlog/domain';
import { at, cards, created, event, move } from '@matchlog/testkit';
import { given } from './support/given';
import { lorcanaTable, p1Deck, p1Hand, p1Play, p2Hand } from './support/tables';

describe('validate refuses only what cannot be', () => {
  const table = lorcanaTable();

  it('the first event must be MatchCreated, and only once', () => {
    expect(validate(emptyMatch, move('p1-deck-0', p1Deck, p1Hand))).toMatchObject({ ok: false, error: { code: 'MATCH_NOT_CREATED' } });
    given(table).when(lorcanaTable()).thenRejected('MATCH_ALREADY_CREATED', 'matchlog', 'type');
  });

  it('an unknown card, player or zone is named with the field that names it', () => {
    given(table)
      .when(move('nope', p1Deck, p1Hand))
      .thenRejected('UNKNOWN_CARD', 'matchlog', 'data.cardId');
    given(table)
      .when(event('TurnStarted', { player: 'p9', turn: 1 }))
      .thenRejected('UNKNOWN_PLAYER', 'matchlog', 'data.player');
    given(table)
      .when(move('p1-deck-0', p1Deck, at('graveyard', 'p1')))
      .thenRejected('UNKNOWN_ZONE', 'matchlog', 'data.to');
    given(table)
      .when(move('p1-deck-0', p1Deck, at('hand')))
      .thenRejected('UNKNOWN_ZONE', 'lorcana 7.3.2', 'data.to');
    given(table)
      .when(event('CardsRevealed', { cardIds: ['p1-hand-0', 'ghost'] }))
      .thenRejected('UNKNOWN_CARD', 'matchlog', 'data.cardIds[1]');
  });

  it('7.1.5: a card exists in one zone at a time, so it must be in the zone a move takes it from', () => {
    const error = given(table)
      .when(move('p1-deck-0', p1Hand, p1Play))
      .thenRejected('CARD_NOT_IN_ZONE', 'lorcana 7.1.5', 'data.from');
    expect(error?.message).toContain('deck@p1');
  });

  it('7.1.5: the same card twice in MatchCreated is refused', () => {
    const twice = created('lorcana', [...cards('p1', 'deck', ['A']), ...cards('p1', 'hand', ['B'], 'p1-deck')]);
    expect(validate(emptyMatch, twice)).toMatchObject({ ok: false, error: { code: 'DUPLICATE_CARD', rule: 'lorcana 7.1.5', path: 'data.cards[1].cardId' } });
  });

  it('7.3.3: a hand can not go below zero cards', () => {
    const emptyHands = created('lorcana', cards('p1', 'deck', ['A', 'B']));
    given(emptyHands)
      .when(move('p1-deck-0', at('hand', 'p1'), p1Play))
      .thenRejected('HAND_BELOW_ZERO', 'lorcana 7.3.3', 'data.from');
  });

  it('7.7.2: only triggered abilities enter the bag, and no card ever does', () => {
    const activated = event('TriggerAdded', { triggerId: 't1', player: 'p1', sourceCardId: 'p1-hand-1', ability: 'Exert: draw', kind: 'activated' });
    given(table).when(activated).thenRejected('NOT_A_TRIGGERED_ABILITY', 'lorcana 7.7.2', 'data.kind');
    given(table)
      .when(move('p1-hand-0', p1Hand, at('bag')))
      .thenRejected('CARD_INTO_BAG', 'lorcana 7.7.2', 'data.to');
  });

  it('a stack takes abilities of any kind (Four Souls "The Stack")', () => {
    const souls = created('four-souls', cards('p1', 'play', ['Isaac']));
    given(souls)
      .when(event('TriggerAdded', { triggerId: 't1', player: 'p1', sourceCardId: 'p1-play-0', ability: 'Roll', kind: 'activated' }))
      .thenAccepted();
  });

  it('triggers and effects must exist to resolve, and be new to start', () => {
    given(table)
      .when(event('TriggerResolved', { triggerId: 'never', player: 'p1' }))
      .thenRejected('UNKNOWN_TRIGGER', 'matchlog', 'data.triggerId');
    const added = event('TriggerAdded', { triggerId: 't1', player: 'p1', sourceCardId: 'p1-hand-1', ability: 'Thanks For Volunteering' });
    given(table, added)
      .when({ ...added, id: 'again' })
      .thenRejected('DUPLICATE_TRIGGER', 'matchlog', 'data.triggerId');
    given(table)
      .when(event('EffectResolved', { effectId: 'fx' }))
      .thenRejected('UNKNOWN_EFFECT', 'matchlog', 'data.effectId');
  });

  it('a shuffle lists each card of the zone exactly once', () => {
    given(table)
      .when(event('ZoneShuffled', { zone: p1Deck, order: ['p1-deck-0', 'p1-deck-1', 'p1-deck-2'] }))
      .thenRejected('SHUFFLE_NOT_A_PERMUTATION', 'matchlog', 'data.order');
    given(table)
      .when(event('ZoneShuffled', { zone: p1Deck, order: ['p1-deck-0', 'p1-deck-0', 'p1-deck-1', 'p1-deck-2'] }))
      .thenRejected('SHUFFLE_NOT_A_PERMUTATION', 'matchlog');
    given(table)
      .when(event('ZoneShuffled', { zone: p1Deck, order: ['p1-deck-3', 'p1-deck-1', 'p1-deck-0', 'p1-deck-2'] }))
      .thenAccepted();
  });

  it('a position must lie inside the zone it names', () => {
    given(table)
      .when(move('p1-hand-0', p1Hand, p1Deck, { position: 5 }))
      .thenRejected('POSITION_OUT_OF_RANGE', 'matchlog', 'data.position');
    given(table)
      .when(move('p1-hand-0', p1Hand, p1Deck, { position: 4 }))
      .thenAccepted();
  });

  it('nothing happens after MatchEnded', () => {
    given(table, event('MatchEnded', { winner: 'p1', reason: '20 lore' }))
      .when(move('p1-deck-0', p1Deck, p1Hand))
      .thenRejected('MATCH_ENDED', 'matchlog');
  });

  it('a rejected batch changes nothing and names the event that failed', () => {
    const verdict = validateBatch(given(table).state, [move('p1-deck-0', p1Deck, p1Hand), move('p1-deck-0', p1Deck, p1Hand)]);
    expect(verdict).toMatchObject({ ok: false, error: { code: 'CARD_NOT_IN_ZONE', eventIndex: 1 } });
  });

  it('7.1.5: one card can not move twice in one simultaneous move', () => {
    const both = event('CardsMoved', {
      moves: [
        { cardId: 'p2-hand-0', from: p2Hand, to: at('play', 'p2') },
        { cardId: 'p2-hand-0', from: p2Hand, to: at('discard', 'p2') },
      ],
    });
    given(table).when(both).thenRejected('CARD_MOVED_TWICE', 'lorcana 7.1.5', 'data.moves[1].cardId');
  });

  describe('legal but suspicious play is recorded, for the audit to flag', () => {
    const zoneOf = (state: MatchState, cardId: string) => state.layout!.zones[state.cards[state.layout!.cardIndex.get(cardId)!].zone].key;

    it('drawing a card that is not on top (7.2.2)', () => {
      expect(
        zoneOf(
          given(table)
            .when(move('p1-deck-3', p1Deck, p1Hand))
            .thenAccepted(),
          'p1-deck-3',
        ),
      ).toBe('hand@p1');
    });
    it('looking at a private zone with no effect named (7.1.3)', () => {
      expect(
        given(table)
          .when(event('CardsLookedAt', { player: 'p2', cardIds: ['p1-hand-0'] }))
          .thenAccepted().revision,
      ).toBe(2);
    });
    it('resolving a bag ability out of turn (7.7.4)', () => {
      const added = event('TriggerAdded', { triggerId: 't1', player: 'p1', sourceCardId: 'p1-hand-1', ability: 'Thanks For Volunteering' });
      const state = given(table, event('TurnStarted', { player: 'p1', turn: 1 }), added)
        .when(event('TriggerResolved', { triggerId: 't1', player: 'p2' }))
        .thenAccepted();
      expect(state.queue).toEqual({ items: [], resolvingPlayer: null });
    });
    it('a card put into the inkwell face up (7.5.2)', () => {
      const state = given(table)
        .when(move('p1-hand-0', p1Hand, at('inkwell', 'p1'), { faceDown: false }))
        .thenAccepted();
      expect(state.cards[state.layout!.cardIndex.get('p1-hand-0')!]).toMatchObject({ faceDown: false });
    });
  });
});

describe('player ids', () => {
  it.each(['public', 'judge', 'broadcast'])('"%s" names an audience, so no player may have it (else spectators would read their hand)', (id) => {
    const match = created('lorcana', cards(id, 'hand', ['Secret']), [id, 'p2']);
    expect(validate(emptyMatch, match)).toMatchObject({ ok: false, error: { code: 'RESERVED_PLAYER_ID', rule: 'matchlog', path: 'data.players[0].id' } });
  });

  it('"recorder" names the paper table\'s recorder, who may call a judge, so no player may have it (a call\'s caller would be ambiguous)', () => {
    const match = created('lorcana', cards('recorder', 'hand', ['Secret']), ['p1', 'recorder']);
    expect(validate(emptyMatch, match)).toMatchObject({
      ok: false,
      error: { code: 'RESERVED_PLAYER_ID', path: 'data.players[1].id', message: expect.stringContaining('recorder') },
    });
  });
});

describe('the shape of event data, from the vocabulary (events/vocabulary.ts)', () => {
  const table = lorcanaTable();

  it('names the first field at fault with its path and what it must be, and refuses fields the vocabulary does not know', () => {
    const refused = (data: unknown, type: EventType = 'CardMoved') => {
      const verdict = validate(evolve(emptyMatch, table), { id: 'x', type, data } as MatchEvent);
      return verdict.ok ? undefined : verdict.error;
    };
    const good = { cardId: 'p1-deck-0', from: p1Deck, to: p1Hand };
    expect(refused({ ...good, extra: true })).toEqual({ code: 'MALFORMED_EVENT', rule: 'matchlog', path: 'data.extra', message: 'data.extra is not a field here: remove it' });
    expect(refused({ ...good, cardId: 5 })).toMatchObject({ path: 'data.cardId', message: 'data.cardId must be a string' });
    expect(refused({ ...good, from: { zone: 'Deck!' } })).toMatchObject({ path: 'data.from.zone', message: 'data.from.zone must be a zone name in kebab-case, e.g. hand' });
    expect(refused({ cardId: 'p1-deck-0', to: p1Hand })).toMatchObject({ path: 'data.from', message: 'data.from is required: it must be an object' });
    expect(refused({ ...good, position: -1 })).toMatchObject({ path: 'data.position' });
    expect(refused({ zone: p1Deck, order: [], salt: 'not hex' }, 'ZoneShuffled')).toMatchObject({ path: 'data.salt', message: 'data.salt must be 32 to 128 lowercase hex digits' });
    expect(refused({ effectId: 'e', player: 'p1', kind: 'spell' }, 'EffectStarted')).toMatchObject({ path: 'data.kind', message: 'data.kind must be "action" or "ability"' });
    expect(refused({ player: 'p1', turn: -1 }, 'TurnStarted')).toMatchObject({ path: 'data.turn', message: 'data.turn must be an integer of at least 0' });
    expect(refused({ moves: [] }, 'CardsMoved')).toMatchObject({ path: 'data.moves' });
    expect(refused({ reason: 'x'.repeat(501) }, 'MatchEnded')).toMatchObject({ path: 'data.reason', message: 'data.reason must be a string of 1 to 500 characters' });
  });

  it('MatchCreated: ids the API can address, a known game checked by the domain rule (UNKNOWN_GAME), at most 8 seats', () => {
    const bad = (data: object) => validate(emptyMatch, { ...table, data: { ...table.data, ...data } } as MatchEvent);
    expect(bad({ players: [{ id: 'p 1' }] })).toMatchObject({ ok: false, error: { code: 'MALFORMED_EVENT', path: 'data.players[0].id' } });
    expect(bad({ players: Array.from({ length: 9 }, (_, i) => ({ id: `p${i}` })) })).toMatchObject({ ok: false, error: { code: 'MALFORMED_EVENT', path: 'data.players' } });
    expect(bad({ game: 'chess' })).toMatchObject({ ok: false, error: { code: 'UNKNOWN_GAME', path: 'data.game' } });
    expect(bad({ players: [] })).toMatchObject({ ok: false, error: { code: 'NO_PLAYERS' } });
    expect(bad({ tournament: { round: 1.5 } })).toMatchObject({ ok: false, error: { code: 'MALFORMED_EVENT', path: 'data.tournament.round' } });
  });

  it('gives every event type a JSON Schema with the same fields, required ones and no others', () => {
    const schemas = eventDataSchemas();
    expect(Object.keys(schemas)).toEqual([...eventTypes]);
    for (const type of eventTypes) {
      const fields = vocabulary[type] as Fields;
      expect(schemas[type]).toMatchObject({ type: 'object', additionalProperties: false });
      expect(Object.keys(schemas[type].properties as object)).toEqual(Object.keys(fields));
      expect(schemas[type].required ?? []).toEqual(Object.keys(fields).filter((name) => !fields[name].optional));
    }
    expect(schemas.CardsMoved).toMatchObject({ properties: { moves: { type: 'array', minItems: 1, items: { required: ['cardId', 'from', 'to'] } } } });
    expect(schemas.MatchCreated).toMatchObject({ properties: { game: { enum: ['lorcana', 'four-souls', 'grand-archive'] } } });
  });
});

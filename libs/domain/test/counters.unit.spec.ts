import { AudienceView, JUDGE, JudgeView, PUBLIC, Replay, eventDataSchemas, rulesets, validate } from '@matchlog/domain';
import { at, cards, created, event, move } from '@matchlog/testkit';
import { given } from './support/given';
import { lorcanaTable } from './support/tables';

const lore = (player: string, change: { by: number } | { to: number }, reason?: string) =>
  event('CounterChanged', { counter: 'lore', player, ...change, ...(reason !== undefined && { reason }) });

const gaTable = () =>
  created('grand-archive', [...cards('p1', 'field', ['Lorraine, Wandering Warrior']), ...cards('p1', 'hand', ['Cosmic Bolt']), ...cards('p2', 'field', ['Tristan, Shadowreaver'])]);
const gaField = at('field', 'p1');

describe('counters: the score on the table', () => {
  it('lorcana 7.4.3: lore is a player counter, 0 for every player from the start, in every audience view', () => {
    const replay = given(lorcanaTable()).replay(lore('p1', { by: 2 }, 'quested'), lore('p2', { to: 5 }), lore('p1', { by: -1 }));
    for (const audience of ['p1', 'p2', PUBLIC, JUDGE]) {
      expect(replay.viewAt(audience, 1).counters).toEqual({ p1: { lore: 0 }, p2: { lore: 0 } });
      expect(replay.viewAt(audience).counters).toEqual({ p1: { lore: 1 }, p2: { lore: 5 } });
    }
    const observed = replay.observations(PUBLIC).map((entry) => entry.observation);
    expect(observed[1]).toEqual({ type: 'CounterChanged', counter: 'lore', player: 'p1', value: 2, change: 2, reason: 'quested' });
    expect(observed[3]).toEqual({ type: 'CounterChanged', counter: 'lore', player: 'p1', value: 1, change: -1 });
  });

  it('an unknown counter, a counter on the wrong kind of thing, or none where the game keeps none, is refused with what the game keeps', () => {
    const error = given(lorcanaTable())
      .when(event('CounterChanged', { counter: 'strength', player: 'p1', by: 1 }))
      .thenRejected('UNKNOWN_COUNTER', 'matchlog', 'data.counter');
    expect(error?.message).toContain('lore on a player');
    given(lorcanaTable())
      .when(event('CounterChanged', { counter: 'lore', cardId: 'p1-hand-0', by: 1 }))
      .thenRejected('UNKNOWN_COUNTER', 'matchlog', 'data.counter');
    const error4s = given(created('four-souls', cards(null, at('loot-deck'), ['A Penny'])))
      .when(event('CounterChanged', { counter: 'lore', player: 'p1', by: 1 }))
      .thenRejected('UNKNOWN_COUNTER', 'matchlog', 'data.counter');
    expect(error4s?.message).toContain('cents on a player');
    given(created('four-souls', cards(null, at('loot-deck'), ['A Penny'])))
      .when(event('CounterChanged', { counter: 'souls', player: 'p1', by: 1 }))
      .thenAccepted();
    given(lorcanaTable())
      .when(event('CounterChanged', { counter: 'lore', player: 'p9', by: 1 }))
      .thenRejected('UNKNOWN_PLAYER', 'matchlog', 'data.player');
  });

  it('exactly one of player and cardId, and of by and to; to is never negative; a change never takes a counter below 0', () => {
    const table = lorcanaTable();
    expect(validate(given(table).state, event('CounterChanged', { counter: 'lore', by: 1 }))).toMatchObject({ ok: false, error: { code: 'MALFORMED_EVENT', path: 'data.player' } });
    expect(validate(given(table).state, event('CounterChanged', { counter: 'lore', player: 'p1', cardId: 'p1-hand-0', by: 1 }))).toMatchObject({
      ok: false,
      error: { code: 'MALFORMED_EVENT', path: 'data.cardId' },
    });
    expect(validate(given(table).state, event('CounterChanged', { counter: 'lore', player: 'p1', by: 1, to: 3 }))).toMatchObject({
      ok: false,
      error: { code: 'MALFORMED_EVENT', path: 'data.to' },
    });
    expect(validate(given(table).state, event('CounterChanged', { counter: 'lore', player: 'p1', to: -1 }))).toMatchObject({ ok: false, error: { code: 'MALFORMED_EVENT' } });
    given(table, lore('p1', { to: 2 }))
      .when(lore('p1', { by: -3 }))
      .thenRejected('COUNTER_BELOW_ZERO', 'lorcana 7.4.3', 'data.by');
    given(table, lore('p1', { to: 2 }))
      .when(lore('p1', { by: -2 }))
      .thenAccepted();
  });

  it('the OpenAPI schema says exactly one of each pair, as the domain does', () => {
    expect(eventDataSchemas().CounterChanged.allOf).toEqual([
      { oneOf: [{ required: ['player'] }, { required: ['cardId'] }] },
      { oneOf: [{ required: ['by'] }, { required: ['to'] }] },
    ]);
  });

  it('grand-archive: any counter on a card in a public zone, shown on the card wherever its audience sees it; none on a card in a private zone', () => {
    const replay = given(gaTable()).replay(event('CounterChanged', { counter: 'buff', cardId: 'p1-field-0', by: 2 }));
    for (const audience of ['p1', 'p2', PUBLIC]) {
      const field = (replay.viewAt(audience) as AudienceView).zones['field@p1'].cards[0];
      expect(field.counters).toEqual({ buff: 2 });
    }
    expect((replay.viewAt(JUDGE) as JudgeView).zones['field@p1'].cards[0].counters).toEqual({ buff: 2 });
    const error = given(gaTable())
      .when(event('CounterChanged', { counter: 'buff', cardId: 'p1-hand-0', by: 1 }))
      .thenRejected('COUNTER_NOT_ALLOWED_HERE', 'grand-archive Game Mechanics - Counters', 'data.cardId');
    expect(error?.message).toContain('hand@p1');
    expect(rulesets['grand-archive'].counterNotes).toContain('not in ../shared/rules');
  });

  it('a card counter belongs to the object: it is gone when the card changes zone, as damage is (the same rule, state/moves.ts)', () => {
    const table = gaTable();
    const state = given(table, event('CounterChanged', { counter: 'buff', cardId: 'p1-field-0', by: 2 }), event('CardStatusChanged', { cardId: 'p1-field-0', damage: 3 }))
      .when(move('p1-field-0', gaField, at('hand', 'p1')), move('p1-field-0', at('hand', 'p1'), gaField))
      .thenAccepted();
    const card = state.cards[state.layout!.cardIndex.get('p1-field-0')!];
    expect(card.counters).toEqual({});
    expect(card.damage).toBe(0);
  });

  it('observe names no card for a counter on a card in a private zone, even in a log validate never saw', () => {
    const replay = new Replay([gaTable(), event('CounterChanged', { counter: 'buff', cardId: 'p1-hand-0', by: 1 })]);
    for (const audience of ['p2', PUBLIC]) expect(replay.observations(audience).at(-1)!.observation).toEqual({ type: 'Nothing' });
  });

  it('a card counter back at 0 is no counter at all', () => {
    const replay = given(gaTable()).replay(
      event('CounterChanged', { counter: 'buff', cardId: 'p1-field-0', by: 2 }),
      event('CounterChanged', { counter: 'buff', cardId: 'p1-field-0', to: 0 }),
    );
    expect((replay.viewAt(PUBLIC) as AudienceView).zones['field@p1'].cards[0].counters).toBeUndefined();
  });
});

describe('time called and extended', () => {
  it('every audience sees time called during the turn under way, the turns started since, and the extensions', () => {
    const replay = given(lorcanaTable()).replay(
      event('TurnStarted', { player: 'p1', turn: 7 }),
      event('TimeExtended', { seconds: 120, reason: 'ruling on Be Prepared' }),
      event('TimeCalled', {}),
      event('TurnStarted', { player: 'p2', turn: 8 }),
      event('TurnStarted', { player: 'p1', turn: 9 }),
    );
    for (const audience of ['p1', PUBLIC, JUDGE]) {
      expect(replay.viewAt(audience).time).toEqual({
        called: { revision: 4, turn: 7 },
        turnsAfter: 2,
        extensions: [{ revision: 3, seconds: 120, reason: 'ruling on Be Prepared' }],
      });
    }
    expect(replay.observations(PUBLIC)[3].observation).toEqual({ type: 'TimeCalled', turn: 7 });
  });

  it('time is called once', () => {
    given(lorcanaTable(), event('TimeCalled', {})).when(event('TimeCalled', {})).thenRejected('TIME_ALREADY_CALLED', 'matchlog', 'type');
  });
});

describe('results: the game and the match', () => {
  it('a drawn game has no winner; a game number beyond bestOf cannot be', () => {
    given(lorcanaTable())
      .when(event('MatchEnded', { draw: true, winner: 'p1', reason: 'time' }))
      .thenRejected('MALFORMED_EVENT', 'matchlog', 'data.draw');
    const replay = given(lorcanaTable()).replay(event('MatchEnded', { draw: true, reason: 'no win condition in 5 turns after time' }));
    expect(replay.viewAt(PUBLIC).ended).toEqual({ draw: true, reason: 'no win condition in 5 turns after time' });
    const third = { ...lorcanaTable(), data: { ...lorcanaTable().data, tournament: { event: 'Cup', round: 1, table: 1, game: 3, bestOf: 1 as const } } };
    given().when(third).thenRejected('GAME_BEYOND_BEST_OF', 'matchlog', 'data.tournament.game');
    const fine = { ...third, data: { ...third.data, tournament: { ...third.data.tournament, bestOf: 3 as const, format: 'constructed' } } };
    given().when(fine).thenAccepted();
    expect(validate(given().state, { ...third, data: { ...third.data, tournament: { bestOf: 2 } } } as never)).toMatchObject({ ok: false, error: { code: 'MALFORMED_EVENT' } });
  });

  it('lorcana carries its tournament practice, cited by document; the other games carry what issue 38 quotes, and say what is missing', () => {
    expect(rulesets.lorcana.tournament).toMatchObject({ document: 'Disney Lorcana Tournament Rules', bestOf: 3, roundMinutes: 50, winsAt: { counter: 'lore', value: 20 } });
    expect(rulesets.lorcana.tournament.turnsAfterTime?.turns).toBe(5);
    expect(rulesets.lorcana.tournament.constructed).toMatchObject({ minCards: 60, maxCopiesOfName: 4 });
    expect(rulesets['four-souls'].tournament).toMatchObject({ document: 'foursouls.com rules overview', winsAt: { counter: 'souls', value: 4 } });
    expect(rulesets['four-souls'].tournament.winsAt?.section).toContain('the first player to control four souls is the winner');
    expect(rulesets['four-souls'].counters.map(({ name, on }) => `${name}:${on}`)).toEqual(['cents:player', 'souls:player']);
    expect(rulesets['grand-archive'].tournament).toMatchObject({
      document: 'Grand Archive Tournament Rules Guide',
      bestOf: 3,
      turnsAfterTime: { turns: 3, minutes: 5 },
      loserChoosesFirst: { section: expect.stringContaining('the loser of a game chooses who plays first') },
    });
    expect(rulesets['grand-archive'].tournament.turnsAfterTime?.section).toContain('whichever comes first');
    for (const game of ['four-souls', 'grand-archive'] as const) expect(rulesets[game].tournament.missing.join(' ')).toContain('not in ../shared/rules');
  });
});

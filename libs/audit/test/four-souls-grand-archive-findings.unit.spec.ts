import { MatchEvent, MatchState, emptyMatch, evolve, validate } from '@matchlog/domain';
import { at, cards, created, event, move } from '@matchlog/testkit';
import { ruleFindings } from '../src/findings';

/**
 * The Four Souls ("Game Zones", 002) and Grand Archive ("Public vs Private Information", 004) checks,
 * one edge at a time, for every table size the game allows (Four Souls is played by 2 to 4). Every
 * log here is valid (each event passes validate), so each break is one a recorder can write down.
 */
const tables = [2, 3, 4] as const;
const playersOf = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);

const findings = (events: readonly MatchEvent[]) => {
  let state: MatchState = emptyMatch;
  for (const e of events) {
    expect(validate(state, e)).toEqual({ ok: true });
    state = evolve(state, e);
  }
  return ruleFindings(events);
};
const codesOf = (events: readonly MatchEvent[]) => findings(events).map((f) => `${f.code}@${f.revision}`);
const turn = (player = 'p1', n = 1) => event('TurnStarted', { player, turn: n });
const look = (player: string, cardIds: string[], source?: string) => event('CardsLookedAt', { player, cardIds, ...(source !== undefined && { source }) });

describe.each(tables)('Four Souls, %i players', (n) => {
  const players = playersOf(n);
  const slot1 = at('monster-slot', undefined, 1);
  const fs = (extra: ReturnType<typeof cards> = []) =>
    created(
      'four-souls',
      [
        ...cards(null, at('loot-deck'), ['A Penny!', 'Bomb!']),
        ...cards(null, at('treasure-deck'), ['The D6', 'Spoon Bender']),
        ...cards(null, at('monster-deck'), ['Pooter', 'Big Spider']),
        ...cards(null, at('room-deck'), ['Boss Rush', 'Secret Room']),
        ...cards(null, at('loot-discard'), ['Pills!', 'Lil Battery', 'Dice Shard']),
        ...cards(null, at('treasure-discard'), ['Sack of Pennies']),
        ...cards(null, at('monster-discard'), ['Clotty']),
        ...cards(null, at('room-discard'), ['Devil Deal']),
        ...cards(null, slot1, ['Gaper', 'Horf']),
        ...cards(null, at('covered'), ['Dip', 'Fatty']),
        ...cards(null, at('outside'), ['Greed']),
        ...players.flatMap((p) => [...cards(p, 'play', ['Isaac']), ...cards(p, 'hand', ['Two Cents!'])]),
        ...extra,
      ],
      players,
    );

  describe('"Decks": cards in decks can\'t be viewed unless an effect or ability instructs', () => {
    it.each(['loot-deck', 'treasure-deck', 'monster-deck', 'room-deck'])('any player looking into the %s with no source is flagged; with one, not', (deck) => {
      for (const player of players) {
        const card = `shared-${deck}-0`;
        const result = findings([fs(), turn(), look(player, [card], `${player}-play-0`), look(player, [card])]);
        expect(result.map((f) => [f.code, f.revision, f.players])).toEqual([['DECK_CARD_VIEWED', 4, [player]]]);
        expect(result[0].rule).toBe('four-souls Decks');
      }
    });

    it('a look at a discard, a slot or covered cards (public zones) is never flagged', () => {
      expect(codesOf([fs(), turn(), look(players[n - 1], ['shared-loot-discard-0', 'shared-monster-slot1-0', 'shared-covered-0', 'shared-outside-0'])])).toEqual([]);
    });
  });

  describe('"Hand": viewable only by that player, unless otherwise specified', () => {
    it("every other player looking at p1's hand with no source is flagged, naming the looker and p1; p1 itself, or a sourced look, is not", () => {
      for (const other of players.slice(1)) {
        const result = findings([fs(), turn(), look('p1', ['p1-hand-0']), look(other, ['p1-hand-0'], `${other}-play-0`), look(other, ['p1-hand-0'])]);
        expect(result.map((f) => [f.code, f.revision, f.players, f.rule])).toEqual([['HAND_VIEWED_BY_OTHER', 5, [other, 'p1'], 'four-souls Hand']]);
      }
    });

    it("one look into two hands and a deck gives one finding per rule, naming the hands looked into but not the looker's own", () => {
      const last = players[n - 1];
      const result = findings([fs(), turn(), look(last, ['p1-hand-0', 'p2-hand-0', 'shared-loot-deck-0'])]);
      expect(result.map((f) => [f.code, f.revision, f.players])).toEqual([
        ['DECK_CARD_VIEWED', 3, [last]],
        ['HAND_VIEWED_BY_OTHER', 3, last === 'p2' ? ['p2', 'p1'] : [last, 'p1', 'p2']],
      ]);
    });
  });

  describe('"Hand": the hand only ever consists of loot cards', () => {
    it.each(['treasure-deck', 'monster-deck', 'room-deck', 'treasure-discard', 'monster-discard', 'room-discard'])(
      "a card that started in the %s entering any hand is flagged, naming the hand's player",
      (zone) => {
        const hand = at('hand', players[n - 1]);
        const result = findings([fs(), turn(), move(`shared-${zone}-0`, at(zone), hand)]);
        expect(result.map((f) => [f.code, f.revision, f.players])).toEqual([['NON_LOOT_IN_HAND', 3, [players[n - 1]]]]);
        expect(result[0].message).toContain(`the ${zone.replace('discard', 'deck')}`);
      },
    );

    it('loot cards, and cards whose kind the log can not tell (started in a hand, in play, outside), are never flagged', () => {
      const hand = at('hand', 'p1');
      const events = [
        fs(),
        turn(),
        move('shared-loot-deck-0', at('loot-deck'), hand),
        move('shared-loot-discard-1', at('loot-discard'), hand),
        move(`${players[n - 1]}-hand-0`, at('hand', players[n - 1]), hand, { source: 'p1-play-0' }),
        move('p1-play-0', at('play', 'p1'), hand),
        move('shared-outside-0', at('outside'), hand),
      ];
      expect(codesOf(events)).toEqual([]);
    });

    it('a treasure card that went through the loot discard is still not a loot card', () => {
      const events = [fs(), turn(), move('shared-treasure-deck-0', at('treasure-deck'), at('loot-discard')), move('shared-treasure-deck-0', at('loot-discard'), at('hand', 'p2'))];
      expect(codesOf(events)).toEqual(['NON_LOOT_IN_HAND@4']);
    });
  });

  describe('"Discard": the order can\'t be changed unless a player is instructed by an ability', () => {
    const discard = at('loot-discard');

    it('a move within the discard that reorders it, with no source, is flagged; the same with an ability named is not', () => {
      expect(codesOf([fs(), turn(), move('shared-loot-discard-2', discard, discard, { position: 'top' })])).toEqual(['DISCARD_ORDER_CHANGED@3']);
      expect(codesOf([fs(), turn(), move('shared-loot-discard-2', discard, discard, { position: 'top', source: 'p1-play-0' })])).toEqual([]);
      const result = findings([fs(), turn(players[n - 1]), move('shared-loot-discard-0', discard, discard, { position: 'bottom' })]);
      expect(result.map((f) => [f.code, f.players, f.rule])).toEqual([['DISCARD_ORDER_CHANGED', [players[n - 1]], 'four-souls Discard']]);
    });

    it('cards entering (anywhere in the pile) or leaving (from anywhere) change no order; a move to where the card already is changes nothing', () => {
      const events = [
        fs(),
        turn(),
        move('p1-hand-0', at('hand', 'p1'), discard, { position: 1 }),
        move('shared-loot-discard-1', discard, at('loot-deck'), { position: 'top', source: 'p1-play-0' }),
        move('shared-loot-discard-0', discard, discard, { position: 'top' }),
      ];
      expect(codesOf(events)).toEqual([]);
    });

    it('a shuffle of a discard is not judged (ZoneShuffled can not name an ability), and a correction is a CORRECTION note only', () => {
      const shuffle = event('ZoneShuffled', { zone: discard, order: ['shared-loot-discard-2', 'shared-loot-discard-0', 'shared-loot-discard-1'] });
      expect(codesOf([fs(), turn(), shuffle])).toEqual([]);
      const put = move('shared-loot-discard-2', discard, discard, { position: 'top', source: 'p1-play-0' });
      const undo = { ...move('shared-loot-discard-2', discard, discard, { position: 'bottom', corrects: put.id }) };
      expect(codesOf([fs(), turn(), put, undo])).toEqual(['CORRECTION@4']);
    });
  });

  describe('"Covered in a Slot": the order of cards in a slot can\'t be changed unless instructed by an ability', () => {
    it('a reorder within a slot zone or within covered, with no source, is flagged; with one, not', () => {
      expect(codesOf([fs(), turn(), move('shared-monster-slot1-1', slot1, slot1, { position: 'top' })])).toEqual(['SLOT_ORDER_CHANGED@3']);
      expect(codesOf([fs(), turn(), move('shared-covered-1', at('covered'), at('covered'), { position: 'top' })])).toEqual(['SLOT_ORDER_CHANGED@3']);
      expect(codesOf([fs(), turn(), move('shared-covered-1', at('covered'), at('covered'), { position: 'top', source: 'p1-play-0' })])).toEqual([]);
    });

    it('covering and uncovering change no order', () => {
      const events = [
        fs(),
        turn(),
        event('CardsMoved', {
          moves: [
            { cardId: 'shared-monster-slot1-0', from: slot1, to: at('covered'), position: 'top' },
            { cardId: 'shared-monster-deck-0', from: at('monster-deck'), to: slot1, position: 'top' },
          ],
        }),
        move('shared-monster-deck-0', slot1, at('monster-discard')),
        move('shared-monster-slot1-0', at('covered'), slot1, { position: 'top' }),
      ];
      expect(codesOf(events)).toEqual([]);
    });
  });

  describe('"Outside the Game": face-down cards outside the game are hidden', () => {
    it('a look at a face-up card outside is fine; at a face-down one, flagged unless an effect or ability is named', () => {
      const under = move('shared-monster-deck-0', at('monster-deck'), at('outside'), { faceDown: true, source: 'p1-play-0' });
      for (const player of players) {
        expect(
          codesOf([fs(), turn(), look(player, ['shared-outside-0']), under, look(player, ['shared-monster-deck-0'], 'p1-play-0'), look(player, ['shared-monster-deck-0'])]),
        ).toEqual(['FACE_DOWN_OUTSIDE_VIEWED@6']);
      }
    });

    it('a face-down card in play is not judged: "In Play" says public "unless otherwise specified", nothing about face-down cards', () => {
      const faceDown = event('CardStatusChanged', { cardId: 'p1-play-0', faceDown: true });
      expect(codesOf([fs(), turn(), faceDown, look(players[n - 1], ['p1-play-0'])])).toEqual([]);
    });
  });

  describe('"Outside the Game": The Harbingers starts outside the game', () => {
    it('outside, no finding; anywhere else, a finding at MatchCreated naming every player', () => {
      expect(codesOf([fs(cards(null, at('outside'), ['The Harbingers'], 'harbingers')), turn()])).toEqual([]);
      const result = findings([fs(cards(null, at('monster-deck'), ['the harbingers'], 'harbingers')), turn()]);
      expect(result.map((f) => [f.code, f.revision, f.players, f.rule])).toEqual([['HARBINGERS_NOT_OUTSIDE', 1, players, 'four-souls Outside the Game']]);
    });
  });

  it('"The Stack" states no resolution order, so none is checked', () => {
    const add = (triggerId: string, player: string) => event('TriggerAdded', { triggerId, player, sourceCardId: `${player}-play-0`, ability: 'Activated', kind: 'activated' });
    const resolve = (triggerId: string, player: string) => event('TriggerResolved', { triggerId, player });
    expect(codesOf([fs(), turn(), add('t1', 'p1'), add('t2', players[n - 1]), resolve('t1', 'p1'), resolve('t2', players[n - 1])])).toEqual([]);
  });
});

describe.each(tables)('Grand Archive, %i players', (n) => {
  const players = playersOf(n);
  const ga = () =>
    created(
      'grand-archive',
      players.flatMap((p) => [
        ...cards(p, 'main-deck', ['Arcane Blast']),
        ...cards(p, 'hand', ['Cosmic Bolt']),
        ...cards(p, 'memory', ['Smoke Bomb']),
        ...cards(p, 'field', ['Lorraine', 'Sword Saint']),
      ]),
      players,
    );
  const others = players.slice(1);

  it('a private zone (hand, memory) is looked at by its player only; the main deck by nobody, with no source', () => {
    expect(codesOf([ga(), turn(), look('p1', ['p1-hand-0', 'p1-memory-0'])])).toEqual([]);
    for (const other of others) expect(findings([ga(), turn(), look(other, ['p1-hand-0'])]).map((f) => [f.code, f.players])).toEqual([['LOOK_NOT_ALLOWED', [other, 'p1']]]);
    expect(codesOf([ga(), turn(), look('p1', ['p1-main-deck-0']), look('p1', ['p1-main-deck-0'], 'p1-field-0')])).toEqual(['LOOK_NOT_ALLOWED@3']);
  });

  it('a face-up card may be looked at by anyone, in any zone ("any face-up cards in a game")', () => {
    const shown = move('p1-main-deck-0', at('main-deck', 'p1'), at('hand', 'p1'), { faceDown: false });
    expect(codesOf([ga(), turn(), shown, ...players.map((p) => look(p, ['p1-main-deck-0', 'p1-field-0']))])).toEqual([]);
  });

  it('a face-down card on the field: its controller may look, no one else', () => {
    const faceDown = event('CardStatusChanged', { cardId: 'p1-field-1', faceDown: true });
    const set = move('p1-hand-0', at('hand', 'p1'), at('field', 'p1'), { faceDown: true });
    const events = [ga(), turn(), set, look('p1', ['p1-hand-0']), faceDown, look('p1', ['p1-field-1']), ...others.map((p) => look(p, ['p1-hand-0']))];
    expect(codesOf(events)).toEqual(others.map((_, i) => `LOOK_NOT_ALLOWED@${7 + i}`));
    // the card turned face down on the field was public just before: every player saw it and keeps it
    expect(codesOf([ga(), turn(), faceDown, ...players.map((p) => look(p, ['p1-field-1']))])).toEqual([]);
  });

  it('after control of a face-down card changes, neither its owner nor any former controller may look at it; the new controller may', () => {
    const set = move('p1-hand-0', at('hand', 'p1'), at('field', 'p1'), { faceDown: true });
    const chain = players.slice(1).map((p) => event('ControlChanged', { cardId: 'p1-hand-0', controller: p }));
    const last = players[n - 1];
    const looks = players.map((p) => look(p, ['p1-hand-0']));
    const result = findings([ga(), turn(), set, ...chain, ...looks]);
    const first = 4 + chain.length;
    expect(result.map((f) => `${f.code}@${f.revision}`)).toEqual(players.filter((p) => p !== last).map((_, i) => `LOOK_NOT_ALLOWED@${first + i}`));
    expect(result.every((f) => f.rule === 'grand-archive Public vs Private Information')).toBe(true);
  });

  it('banishment: an unknown face-down card may not be looked at, even by its controller; one an effect banished is not judged (its permissions are not in the log)', () => {
    const banished = move('p1-hand-0', at('hand', 'p1'), at('banishment', 'p1'), { faceDown: true });
    expect(codesOf([ga(), turn(), banished, look('p1', ['p1-hand-0'])])).toEqual(['LOOK_NOT_ALLOWED@4']);
    const byEffect = move('p1-hand-0', at('hand', 'p1'), at('banishment', 'p1'), { faceDown: true, source: `${players[n - 1]}-field-0` });
    expect(codesOf([ga(), turn(), byEffect, ...players.map((p) => look(p, ['p1-hand-0']))])).toEqual([]);
  });

  it('2.1: a specified card must be revealed to every player before it enters a private zone; to all but one is not enough', () => {
    const shuffledIn = move('p1-hand-0', at('hand', 'p1'), at('main-deck', 'p1'), { characteristic: 'Cosmic Bolt' });
    const toAllButLast = event('CardsRevealed', { cardIds: ['p1-hand-0'], to: players.slice(0, -1) });
    expect(codesOf([ga(), turn(), toAllButLast, shuffledIn])).toEqual(['UNREVEALED_SPECIFIED_CARD@4']);
    expect(codesOf([ga(), turn(), event('CardsRevealed', { cardIds: ['p1-hand-0'], to: players }), shuffledIn])).toEqual([]);
    expect(codesOf([ga(), turn(), event('CardsRevealed', { cardIds: ['p1-hand-0'] }), shuffledIn])).toEqual([]);
  });

  it('the effects stack is not checked for order: its text is not in ../shared/rules', () => {
    const add = (triggerId: string, player: string) => event('TriggerAdded', { triggerId, player, sourceCardId: `${player}-field-0`, ability: 'On Enter' });
    const resolve = (triggerId: string, player: string) => event('TriggerResolved', { triggerId, player });
    expect(codesOf([ga(), turn(), add('t1', 'p1'), add('t2', players[n - 1]), resolve('t1', 'p1'), resolve('t2', players[n - 1])])).toEqual([]);
  });
});

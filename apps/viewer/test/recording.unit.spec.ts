import { MatchEvent, MatchState, emptyMatch, validateBatch } from '@matchlog/domain';
import { at, cards, created, event, move } from '@matchlog/testkit';
import { hiddenNamesIn } from '@matchlog/audit/matcher';
import { concede, draw, endTurn, loreChange, mulligan, mulliganed, nameHidden, namesFor, play, quest, revealFromHand, shuffle } from '../src/record/recording';

/** Ada's deck top first; Grace's; nothing in hand yet. */
const table = () =>
  created('lorcana', [
    ...cards('p1', 'deck', ['Elsa - Snow Queen', 'Be Prepared', 'Moana - Of Motunui', 'Stitch - Rock Star']).map((c) => ({
      ...c,
      printed: c.definition === 'Be Prepared' ? { type: 'Action' } : { type: 'Character', lore: 2 },
    })),
    ...cards('p2', 'deck', ['Ariel - On Human Legs', 'Simba - Protective Cub']),
  ]);

/** The match after the events, each checked by the domain as the screen checks them. */
const after = (state: MatchState, acts: readonly { type: string; data: object }[]): MatchState => {
  const verdict = validateBatch(
    state,
    acts.map((act) => event(act.type as MatchEvent['type'], act.data as never)),
  );
  if (!verdict.ok) throw new Error(verdict.error.message);
  return verdict.state;
};
const validateBatchOrThrow = (events: MatchEvent[]) => {
  const verdict = validateBatch(emptyMatch, events);
  if (!verdict.ok) throw new Error(verdict.error.message);
  return verdict.state;
};
const start = () => validateBatchOrThrow([table()]);

describe("the recorder's actions as the domain's events", () => {
  it('draws the top card; plays a character into play and an action into the discard; the domain accepts each', () => {
    let state = start();
    expect(draw(state, 'p1')).toEqual([{ type: 'CardMoved', data: { cardId: 'p1-deck-0', from: at('deck', 'p1'), to: at('hand', 'p1') } }]);
    state = after(state, [...draw(state, 'p1'), ...draw(after(state, draw(state, 'p1')), 'p1')]);
    expect(play(state, 'p1', { cardId: 'p1-deck-0' })).toEqual([{ type: 'CardMoved', data: { cardId: 'p1-deck-0', from: at('hand', 'p1'), to: at('play', 'p1') } }]);
    expect(play(state, 'p1', { cardId: 'p1-deck-1' })).toEqual([
      { type: 'CardMoved', data: { cardId: 'p1-deck-1', from: at('hand', 'p1'), to: at('discard', 'p1'), reason: 'played' } },
    ]);
    after(state, play(state, 'p1', { cardId: 'p1-deck-1' }));
  });

  it('a quest exerts and scores the printed lore; the lore that reaches 20 ends the game in the same batch (tournament practice)', () => {
    let state = start();
    state = after(state, [move('p1-deck-0', at('deck', 'p1'), at('play', 'p1')), event('CounterChanged', { counter: 'lore', player: 'p1', to: 18 })]);
    const acts = quest(state, 'p1-deck-0');
    expect(acts).toEqual([
      { type: 'CardStatusChanged', data: { cardId: 'p1-deck-0', exerted: true } },
      { type: 'CounterChanged', data: { counter: 'lore', player: 'p1', by: 2, reason: 'quested' } },
      { type: 'MatchEnded', data: { winner: 'p1', reason: 'p1 reached 20 lore' } },
    ]);
    expect(after(state, acts).ended).toMatchObject({ winner: 'p1' });
    expect(loreChange(state, 'p2', -1)).toEqual([]);
  });

  it('turns go round; a concession is the player leaving and the other winning', () => {
    const state = start();
    expect(endTurn(state)).toEqual([{ type: 'TurnStarted', data: { player: 'p1', turn: 1 } }]);
    const second = after(state, endTurn(state));
    expect(endTurn(second)).toEqual([{ type: 'TurnStarted', data: { player: 'p2', turn: 2 } }]);
    expect(concede(second, 'p2')).toEqual([
      { type: 'PlayerLeft', data: { player: 'p2' } },
      { type: 'MatchEnded', data: { winner: 'p1', reason: 'p2 conceded' } },
    ]);
    after(second, concede(second, 'p2'));
  });

  it('a shuffle and a mulligan keep every card of the deck, in an order drawn outside', () => {
    let state = start();
    const [shuffled] = shuffle(state, 'p1', () => 0);
    expect([...(shuffled.data as { order: string[] }).order].sort()).toEqual(['p1-deck-0', 'p1-deck-1', 'p1-deck-2', 'p1-deck-3']);
    state = after(state, [...draw(state, 'p1')]);
    const acts = mulligan(state, 'p1', ['p1-deck-0'], () => 0.5);
    expect(acts.map((a) => a.type)).toEqual(['CardsMoved', 'CardsMoved', 'ZoneShuffled']);
    const done = after(state, acts);
    expect(done.zones[done.layout!.zoneIndex.get('hand@p1')!].map((c) => done.cards[c].cardId)).toEqual(['p1-deck-1']);
  });

  it('names a card when it is revealed: a hand that holds it gives it; else the latest unseen draw is corrected to it', () => {
    const created = table();
    let state = validateBatchOrThrow([created]);
    const drew = move('p1-deck-0', at('deck', 'p1'), at('hand', 'p1'));
    state = after(state, [drew]);
    const events: MatchEvent[] = [created, drew];
    expect(nameHidden(state, events, at('hand', 'p1'), 'Elsa - Snow Queen')).toEqual({ cardId: 'p1-deck-0', first: [] });
    const named = nameHidden(state, events, at('hand', 'p1'), 'Moana - Of Motunui');
    expect(named).toEqual({
      cardId: 'p1-deck-2',
      first: [
        {
          type: 'CardsMoved',
          data: {
            moves: [
              { cardId: 'p1-deck-2', from: at('deck', 'p1'), to: at('hand', 'p1') },
              { cardId: 'p1-deck-0', from: at('hand', 'p1'), to: at('deck', 'p1'), position: 1 },
            ],
            corrects: drew.id,
          },
        },
      ],
    });
    const fixed = after(state, named!.first);
    // the deck is as it was, but for the named card's place, which the unseen card takes
    expect(fixed.zones[fixed.layout!.zoneIndex.get('deck@p1')!].map((c) => fixed.cards[c].cardId)).toEqual(['p1-deck-1', 'p1-deck-0', 'p1-deck-3']);
    // a name the player's deck does not hold names nothing
    expect(nameHidden(state, events, at('hand', 'p1'), 'Ariel - On Human Legs')).toBeNull();
  });
});

describe('a reason that names a hidden card', () => {
  const table = () =>
    created('lorcana', [
      ...cards('p1', 'hand', ['Lyle Tiberius Rourke - Cunning Mercenary', 'Be Prepared']),
      ...cards('p1', 'play', ['Elsa - Snow Queen']),
      ...cards('p2', 'deck', ['Elsa - Snow Queen', 'Ariel - On Human Legs']),
    ]);

  it.each([
    ['a ruling on Lyle Tiberius Rourke', ['Lyle Tiberius Rourke - Cunning Mercenary']],
    ['a ruling on Cunning Mercenary', ['Lyle Tiberius Rourke - Cunning Mercenary']],
    ['a ruling on lyle tiberius rourke – cunning mercenary', ['Lyle Tiberius Rourke - Cunning Mercenary']],
    ['be\u200b prepared, then ariel', ['Be Prepared', 'Ariel - On Human Legs']],
    // one Elsa is in play: naming her tells no audience which card lies where
    ['Elsa - Snow Queen quested', []],
    ['a ruling on the bag', []],
  ])('%s names %j', (text, names) => {
    const state = validateBatchOrThrow([table()]);
    expect(hiddenNamesIn(state, text).sort()).toEqual([...names].sort());
  });

  it("leaves alone a name every audience reads anyway: a player's", () => {
    const state = validateBatchOrThrow([table()]);
    expect(hiddenNamesIn(state, 'Lyle Tiberius Rourke wins', ['Lyle Tiberius Rourke'])).toEqual([]);
    expect(hiddenNamesIn(state, 'Lyle Tiberius Rourke wins')).toEqual(['Lyle Tiberius Rourke - Cunning Mercenary']);
  });
});

describe('the recorder at a paper table: a card nobody saw has no name', () => {
  const elsa = { definition: 'Elsa - Snow Queen', copies: 2, printed: { type: 'Character', lore: 1 } };
  const song = { definition: 'Friends on the Other Side', copies: 1, printed: { type: 'Action - Song' } };
  const paper = () =>
    validateBatchOrThrow([
      event('MatchCreated', {
        game: 'lorcana',
        players: [{ id: 'p1' }, { id: 'p2' }],
        cards: [1, 2, 3].map((n) => ({ cardId: `p1-${n}`, owner: 'p1', zone: at('deck', 'p1') })),
        lists: [{ player: 'p1', cards: [elsa, song] }],
      }),
    ]);

  it('shuffles without an order (nobody knows it), and a mulligan too', () => {
    const state = paper();
    expect(shuffle(state, 'p1', () => 0)).toEqual([{ type: 'ZoneShuffled', data: { zone: at('deck', 'p1') } }]);
    const drawn = after(state, [...draw(state, 'p1')]);
    const acts = mulligan(drawn, 'p1', mulliganed(drawn, 'p1', 1), () => 0.5);
    expect(acts.at(-1)).toEqual({ type: 'ZoneShuffled', data: { zone: at('deck', 'p1') } });
    after(drawn, acts);
  });

  it("names the card played from the list's names left: the hand's latest unnamed card takes the name as it moves, no card is swapped", () => {
    let state = paper();
    state = after(state, [...draw(state, 'p1')]);
    state = after(state, [...draw(state, 'p1')]);
    expect(namesFor(state, 'p1')).toEqual(['Elsa - Snow Queen', 'Friends on the Other Side']);
    const shown = revealFromHand(state, 'p1', song.definition)!;
    expect(shown).toEqual({ cardId: 'p1-2', definition: song.definition });
    // a song goes to the discard, read from the list's printed type
    expect(play(state, 'p1', shown)).toEqual([
      { type: 'CardMoved', data: { cardId: 'p1-2', from: at('hand', 'p1'), to: at('discard', 'p1'), definition: song.definition, reason: 'played' } },
    ]);
    state = after(state, play(state, 'p1', shown));
    // the one copy is named: it is no longer offered
    expect(namesFor(state, 'p1')).toEqual(['Elsa - Snow Queen']);
    const elsaShown = revealFromHand(state, 'p1', elsa.definition)!;
    state = after(state, play(state, 'p1', elsaShown));
    expect(quest(state, 'p1-1')).toContainEqual({ type: 'CounterChanged', data: { counter: 'lore', player: 'p1', by: 1, reason: 'quested' } });
    expect(revealFromHand(state, 'p1', elsa.definition)).toBeNull();
  });
});

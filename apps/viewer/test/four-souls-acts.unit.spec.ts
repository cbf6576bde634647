import { MatchEvent, MatchState, emptyMatch, validateBatch } from '@matchlog/domain';
import { at, cards, created, event } from '@matchlog/testkit';
import { buy, cents, deal, discardFrom, loot, playLoot, resolveCard, resolveItem, roll, slot, slotsIn, souls, uncover } from '../src/record/games/four-souls';
import { concede } from '../src/record/recording';

const PLAYERS = ['p1', 'p2', 'p3', 'p4'];
// printed facts as the Four Souls card data has them (FourSoulsRepo b2.json): Isaac HP 2 ATK 1; Big Spider HP 3 DC 4
const table = () =>
  created(
    'four-souls',
    [
      ...cards(null, at('loot-deck'), ['A Penny!', 'Bloody Penny', 'Counterfeit Penny']),
      ...cards(null, at('treasure-deck'), ['Diplopia']),
      ...cards(null, at('shop-slot', undefined, 1), ['The D6']),
      ...cards(null, at('monster-deck'), ['Dip']).map((c) => ({ ...c, printed: { type: 'Basic Monster Card', hp: 1, dc: 4, atk: 1 } })),
      ...cards(null, at('monster-slot', undefined, 1), ['Big Spider']).map((c) => ({ ...c, printed: { type: 'Basic Monster Card', hp: 3, dc: 4, atk: 1 } })),
      ...PLAYERS.flatMap((p) => cards(p, 'play', ['Isaac']).map((c) => ({ ...c, printed: { type: 'Character Card', hp: 2, atk: 1 } }))),
    ],
    PLAYERS,
  );

const after = (state: MatchState, acts: readonly { type: string; data: object }[]): MatchState => {
  const verdict = validateBatch(
    state,
    acts.map((act) => event(act.type as MatchEvent['type'], act.data as never)),
  );
  if (!verdict.ok) throw new Error(verdict.error.message);
  return verdict.state;
};
const start = () => after(emptyMatch, [table()]);

describe("Four Souls' acts as the domain's events (Game Zones), four players", () => {
  it('loots from the shared Loot deck, plays the loot onto the Stack and resolves it to the Loot discard', () => {
    let state = start();
    expect(loot(state, 'p3')).toEqual([{ type: 'CardMoved', data: { cardId: 'shared-loot-deck-0', from: at('loot-deck'), to: at('hand', 'p3') } }]);
    state = after(state, loot(state, 'p3'));
    expect(playLoot(state, 'shared-loot-deck-0')).toEqual([{ type: 'CardMoved', data: { cardId: 'shared-loot-deck-0', from: at('hand', 'p3'), to: at('stack') } }]);
    state = after(state, playLoot(state, 'shared-loot-deck-0'));
    state = after(state, resolveCard(state));
    expect(state.zones[state.layout!.zoneIndex.get('loot-discard')!]).toHaveLength(1);
  });

  it("buys the shop slot's topmost card; a card dealt onto a filled slot covers the one there, which is uncovered later", () => {
    let state = start();
    expect(slotsIn(state, 'shop-slot').map((s) => s.top.definition)).toEqual(['The D6']);
    state = after(state, buy(state, 'p2', slot('shop-slot', 1)));
    expect(slotsIn(state, 'shop-slot')).toEqual([]);
    state = after(state, deal(state, 'treasure-deck', slot('shop-slot', 1)));
    expect(slotsIn(state, 'shop-slot').map((s) => s.top.definition)).toEqual(['Diplopia']);
    const cover = deal(state, 'monster-deck', slot('monster-slot', 1));
    expect(cover).toEqual([
      { type: 'CardMoved', data: { cardId: 'shared-monster-slot1-0', from: at('monster-slot', undefined, 1), to: at('covered'), position: 'top' } },
      { type: 'CardMoved', data: { cardId: 'shared-monster-deck-0', from: at('monster-deck'), to: at('monster-slot', undefined, 1) } },
    ]);
    state = after(state, cover);
    state = after(state, discardFrom(state, slot('monster-slot', 1), 'monster-discard'));
    state = after(state, uncover(state, 'shared-monster-slot1-0', slot('monster-slot', 1)));
    expect(slotsIn(state, 'monster-slot').map((s) => s.top.definition)).toEqual(['Big Spider']);
  });

  it('an attack roll is an item of the Stack from the monster, resolved last in first out; a face off the die is none', () => {
    let state = start();
    const attackRoll = roll(state, 'p1', 'shared-monster-slot1-0', 5, 'attack');
    expect(attackRoll).toEqual([
      { type: 'TriggerAdded', data: { triggerId: 'roll-2', player: 'p1', sourceCardId: 'shared-monster-slot1-0', kind: 'dice roll', ability: 'attack roll: 5' } },
    ]);
    state = after(state, attackRoll);
    state = after(state, roll(state, 'p2', 'p2-play-0', 2));
    expect(resolveItem(state)).toEqual([{ type: 'TriggerResolved', data: { triggerId: 'roll-3', player: 'p2' } }]);
    state = after(state, resolveItem(state));
    state = after(state, resolveItem(state));
    expect(state.queue.items).toEqual([]);
    expect(roll(state, 'p1', 'p1-play-0', 7)).toEqual([]);
  });

  it('cents and souls are counters on the player; the fourth soul wins the game (the ruleset winsAt)', () => {
    let state = start();
    state = after(state, cents(state, 'p4', 3, 'started with 3¢'));
    expect(state.counters.p4).toEqual({ cents: 3, souls: 0 });
    state = after(state, [...souls(state, 'p4', 1), ...souls(after(state, souls(state, 'p4', 1)), 'p4', 1)]);
    state = after(state, souls(state, 'p4', 1));
    const fourth = souls(state, 'p4', 1, 'killed Big Spider');
    expect(fourth).toEqual([
      { type: 'CounterChanged', data: { counter: 'souls', player: 'p4', by: 1, reason: 'killed Big Spider' } },
      { type: 'MatchEnded', data: { winner: 'p4', reason: 'p4 reached 4 souls' } },
    ]);
    expect(after(state, fourth).ended).toMatchObject({ winner: 'p4' });
    expect(cents(state, 'p1', -1)).toEqual([]);
  });

  it('with four players a concession ends nothing until one player is left', () => {
    let state = start();
    for (const p of ['p1', 'p2']) {
      expect(concede(state, p)).toEqual([{ type: 'PlayerLeft', data: { player: p } }]);
      state = after(state, concede(state, p));
    }
    expect(concede(state, 'p3')).toEqual([
      { type: 'PlayerLeft', data: { player: 'p3' } },
      { type: 'MatchEnded', data: { winner: 'p4', reason: 'p3 conceded' } },
    ]);
    expect(concede(state, 'p1')).toEqual([]);
  });
});

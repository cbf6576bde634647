import { MatchEvent, MatchState, emptyMatch, validateBatch } from '@matchlog/domain';
import { at, cards, created, event } from '@matchlog/testkit';
import { attack, championOf, damage, draw, levelUp, lifeOf, materialize, play, recollect, resolve, toMemory } from '../src/record/games/grand-archive';
import { concede, endTurn } from '../src/record/recording';

// printed facts as the Grand Archive card data has them (libs/cards, grand-archive): level, power, life
const SPIRIT = { type: 'Champion', level: 0, life: 15 };
const LORRAINE = { type: 'Champion', level: 1, life: 20 };
const ALLY = { type: 'Ally', power: 2, life: 2 };

const seat = (p: string) => [
  ...cards(p, 'main-deck', ['Crimson Protection', 'Blue Slime']).map((c, i) => ({ ...c, ...(i === 1 && { printed: ALLY }) })),
  ...cards(p, 'material-deck', ['Spirit of Fire', 'Lorraine, Wandering Warrior']).map((c, i) => ({ ...c, printed: i === 0 ? SPIRIT : LORRAINE })),
];

/** The match after the acts, each checked by the domain's validate as the recorder's screen checks them. */
const after = (state: MatchState, acts: readonly { type: string; data: object }[]): MatchState => {
  const verdict = validateBatch(
    state,
    acts.map((act) => event(act.type as MatchEvent['type'], act.data as never)),
  );
  if (!verdict.ok) throw new Error(verdict.error.message);
  return verdict.state;
};
const start = (players = ['p1', 'p2']) => after(emptyMatch, [created('grand-archive', players.flatMap(seat), players)]);

describe("Grand Archive's acts as the domain's events (Game Zones)", () => {
  it('materializes a champion from the material deck, draws from the main deck, activates onto the effects stack and resolves to the field', () => {
    let state = start();
    expect(materialize(state, 'p1', { cardId: 'p1-material-deck-0' })).toEqual([
      { type: 'CardMoved', data: { cardId: 'p1-material-deck-0', from: at('material-deck', 'p1'), to: at('field', 'p1') } },
    ]);
    state = after(state, materialize(state, 'p1', { cardId: 'p1-material-deck-0' }));
    expect(championOf(state, 'p1')?.definition).toBe('Spirit of Fire');
    state = after(state, draw(state, 'p1'));
    state = after(state, draw(state, 'p1'));
    expect(play(state, { cardId: 'p1-main-deck-1' })).toEqual([{ type: 'CardMoved', data: { cardId: 'p1-main-deck-1', from: at('hand', 'p1'), to: at('effects-stack') } }]);
    state = after(state, play(state, { cardId: 'p1-main-deck-1' }));
    state = after(state, resolve(state, 'field'));
    expect(state.cards[state.layout!.cardIndex.get('p1-main-deck-1')!].zone).toBe(state.layout!.zoneIndex.get('field@p1'));
    expect(resolve(state, 'graveyard')).toEqual([]);
  });

  it('pays a card to memory and recollects it; drawing from an empty main deck loses the game ("Ending the Game" 3)', () => {
    let state = start();
    state = after(state, [...draw(state, 'p1')]);
    state = after(state, toMemory(state, 'p1', 'p1-main-deck-0'));
    expect(recollect(state, 'p1')).toEqual([{ type: 'CardsMoved', data: { moves: [{ cardId: 'p1-main-deck-0', from: at('memory', 'p1'), to: at('hand', 'p1') }] } }]);
    state = after(state, recollect(state, 'p1'));
    state = after(state, draw(state, 'p1'));
    const loss = draw(state, 'p1');
    expect(loss).toEqual([
      { type: 'PlayerLeft', data: { player: 'p1' } },
      { type: 'MatchEnded', data: { winner: 'p2', reason: 'p1 drew from an empty deck' } },
    ]);
    expect(after(state, loss).ended).toMatchObject({ winner: 'p2' });
  });

  it("a champion's life is its printed life less its damage; leveling up carries the damage; the champion dies when damage reaches its life", () => {
    let state = start();
    state = after(state, materialize(state, 'p2', { cardId: 'p2-material-deck-0' }));
    state = after(state, damage(state, 'p2-material-deck-0', 5));
    expect(lifeOf(championOf(state, 'p2')!)).toBe(10);
    state = after(state, levelUp(state, 'p2', { cardId: 'p2-material-deck-1' }));
    expect(championOf(state, 'p2')).toMatchObject({ definition: 'Lorraine, Wandering Warrior', damage: 5 });
    expect(lifeOf(championOf(state, 'p2')!)).toBe(15);
    expect(damage(state, 'p2-material-deck-1', 14)).toHaveLength(1);
    const death = damage(state, 'p2-material-deck-1', 15);
    expect(death).toEqual([
      { type: 'CardStatusChanged', data: { cardId: 'p2-material-deck-1', damage: 20 } },
      { type: 'PlayerLeft', data: { player: 'p2' } },
      { type: 'MatchEnded', data: { winner: 'p1', reason: "p2's champion died" } },
    ]);
    after(state, death);
  });

  it('an attack deals the attacker’s printed power to the target; with three players a death leaves two, and turns skip the one who left', () => {
    let state = start(['p1', 'p2', 'p3']);
    for (const p of ['p1', 'p2', 'p3']) state = after(state, materialize(state, p, { cardId: `${p}-material-deck-0` }));
    state = after(state, draw(state, 'p1'));
    state = after(state, draw(state, 'p1'));
    state = after(state, play(state, { cardId: 'p1-main-deck-1' }));
    state = after(state, resolve(state, 'field'));
    expect(attack(state, 'p1-main-deck-1', 'p2-material-deck-0')).toEqual([{ type: 'CardStatusChanged', data: { cardId: 'p2-material-deck-0', damage: 2 } }]);
    state = after(state, damage(state, 'p2-material-deck-0', 13));
    const death = damage(state, 'p2-material-deck-0', 2);
    expect(death.map((act) => act.type)).toEqual(['CardStatusChanged', 'PlayerLeft']);
    state = after(state, [...endTurn(state), ...death]);
    expect(state.ended).toBeNull();
    expect(endTurn(state)).toEqual([{ type: 'TurnStarted', data: { player: 'p3', turn: 2 } }]);
    const conceded = concede(state, 'p3');
    expect(conceded).toEqual([
      { type: 'PlayerLeft', data: { player: 'p3' } },
      { type: 'MatchEnded', data: { winner: 'p1', reason: 'p3 conceded' } },
    ]);
    after(state, conceded);
  });
});

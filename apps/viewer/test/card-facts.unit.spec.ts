import { factsOf } from '../src/games/card-facts';

const shown = (game: string, printed: Parameters<typeof factsOf>[1]) => factsOf(game, printed).map((fact) => `${fact.kind}=${fact.text}`);

describe('the printed facts a card shows on the board, per game', () => {
  it('Grand Archive: a champion shows its element, level and life; its type line; no cost it does not print', () => {
    expect(shown('grand-archive', { element: 'Fire', level: 1, life: 20, type: 'Champion', memoryCost: 1 })).toEqual([
      'memory-cost=1',
      'element=Fire',
      'level=Lv 1',
      'type=Champion',
      'life=♥ 20',
    ]);
  });

  it('Grand Archive: a reserve cost and a memory cost are told apart; power, life and durability each say which they are', () => {
    const facts = factsOf('grand-archive', { reserveCost: 3, element: 'Water', power: 2, life: 4, durability: 5 });
    expect(facts.map((fact) => fact.kind)).toEqual(['reserve-cost', 'element', 'power', 'life', 'durability']);
    expect(facts.map((fact) => fact.title)).toEqual(['costs 3 from reserve', 'element: Water', 'power 2', 'life 4', 'durability 5']);
    expect(facts.find((fact) => fact.kind === 'reserve-cost')?.value).toBe(3);
  });

  it("Four Souls: a monster's HP, DC, ATK, rewards and souls; a character's HP and ATK alone", () => {
    expect(shown('four-souls', { type: 'Monster', hp: 3, dc: 4, atk: 1, rewards: '3¢', souls: 1 })).toEqual([
      'type=Monster',
      'hp=HP 3',
      'dc=DC 4',
      'atk=ATK 1',
      'rewards=3¢',
      'souls=✦',
    ]);
    expect(shown('four-souls', { hp: 2, atk: 1 })).toEqual(['hp=HP 2', 'atk=ATK 1']);
    // no soul printed, no mark
    expect(shown('four-souls', { hp: 1, souls: 0, rewards: '' })).toEqual(['hp=HP 1']);
  });

  it("a game's facts only: Lorcana's cost and lore on a Four Souls card are not its facts", () => {
    expect(shown('four-souls', { cost: 3, lore: 2, hp: 2 })).toEqual(['hp=HP 2']);
    expect(shown('grand-archive', { hp: 2, strength: 3 })).toEqual([]);
  });
});

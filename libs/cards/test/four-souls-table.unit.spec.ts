import {
  FOUR_SOULS_SOURCE,
  fourSoulsByName,
  fourSoulsCardsOf,
  fourSoulsPileOf,
  fourSoulsPrinted,
  fourSoulsSets,
  fourSoulsTable,
  sharedPrinted,
  startingItemOf,
  type FourSoulsCard,
} from '@matchlog/cards';

const card = (name: string): FourSoulsCard => {
  const found = fourSoulsByName(name);
  if (found.status !== 'found') throw new Error(`${name}: ${found.status}`);
  return found.card;
};

const copiesIn = (pile: string) =>
  fourSoulsCardsOf(['b2'])
    .filter((each) => each.pile === pile)
    .reduce((sum, each) => sum + each.copies, 0);

describe('the Four Souls card table (FourSoulsRepo/four_souls, pkg/card_db/data/b2.json)', () => {
  it('names the repository, the commit, the set file, the licence and the day it was read', () => {
    expect(FOUR_SOULS_SOURCE).toEqual({
      repository: 'FourSoulsRepo/four_souls',
      commit: expect.stringMatching(/^[0-9a-f]{40}$/),
      paths: ['pkg/card_db/data/b2.json'],
      license: 'MIT',
      generated: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('holds the base game: 287 cards, 340 copies', () => {
    expect(fourSoulsSets()).toEqual(['b2']);
    const cards = fourSoulsCardsOf(['b2']);
    expect(cards).toHaveLength(287);
    expect(cards.reduce((sum, each) => sum + each.copies, 0)).toBe(340);
    expect(fourSoulsTable().size).toBe(287);
  });

  it('places every card: 11 characters, 10 starting items, 3 bonus souls, and the shared decks', () => {
    expect(copiesIn('character')).toBe(11);
    expect(copiesIn('starting-item')).toBe(10);
    expect(copiesIn('bonus-soul')).toBe(3);
    expect(copiesIn('treasure')).toBe(105);
    expect(copiesIn('monster')).toBe(107);
    expect(copiesIn('loot')).toBe(104);
    // the base game has no room cards
    expect(copiesIn('room')).toBe(0);
  });

  it('reads a boss: HP, DC, ATK, rewards and its soul (Monstro)', () => {
    expect(card('Monstro')).toMatchObject({ id: 'monstro', type: 'Boss Card', pile: 'monster', copies: 1, hp: 4, dc: 4, atk: 1, souls: 1 });
    expect(fourSoulsPrinted(card('Monstro'))).toEqual({ type: 'Boss', hp: 4, dc: 4, atk: 1, rewards: '1x Soul, 6x Coin', souls: 1 });
  });

  it('counts two souls on the epic bosses that give two (Mom!, Satan!)', () => {
    expect(card('Mom!').souls).toBe(2);
    expect(fourSoulsPrinted(card('Satan!'))).toEqual({ type: 'Epic Boss', hp: 6, dc: 4, atk: 2, rewards: '2x Soul, 2x Treasure', souls: 2 });
  });

  it('reads a loot card by its copies and leaves out what it does not print (3 Cents!)', () => {
    expect(card('3 Cents!')).toMatchObject({ type: '3 Cent Card', pile: 'loot', copies: 15 });
    expect(fourSoulsPrinted(card('3 Cents!'))).toEqual({ type: '3 Cent', rewards: '3x Coin' });
    expect(card('3 Cents!').hp).toBeUndefined();
  });

  it("reads a character's HP and ATK, and no DC (Isaac)", () => {
    expect(fourSoulsPrinted(card('Isaac'))).toEqual({ type: 'Character', hp: 2, atk: 1 });
  });

  it('pairs each character with its starting item, and Eden with none', () => {
    const pairs = fourSoulsCardsOf(['b2'])
      .filter((each) => each.pile === 'character')
      .map((character) => [character.name, startingItemOf(character)?.name ?? null]);
    expect(Object.fromEntries(pairs)).toEqual({
      'Blue Baby': 'Forever Alone',
      Cain: 'Sleight Of Hand',
      Eden: null,
      Eve: 'The Curse',
      Isaac: 'The D6',
      Judas: 'Book Of Belial',
      Lazarus: 'Lazarus’ Rags',
      Lilith: 'Incubus',
      Maggy: 'Yum Heart',
      Samson: 'Blood Lust',
      'The Forgotten': 'The Bone',
    });
    expect(startingItemOf(card('The D6'))).toBeUndefined();
  });

  it('finds a name typed plainly, and suggests the closest for a misspelt one', () => {
    expect(fourSoulsByName('lazarus rags')).toMatchObject({ status: 'found', definition: 'Lazarus’ Rags' });
    expect(fourSoulsByName('Isac')).toEqual({ status: 'unknown', closest: expect.arrayContaining(['Isaac']) });
  });

  it('keeps the facts two printings of a name share, and drops the rest (Chest: coins or loot)', () => {
    const chests = fourSoulsCardsOf(['b2']).filter((each) => each.name === 'Chest');
    expect(chests.map((each) => each.rewards.map(([count, kind]) => `${count} ${kind}`))).toEqual([
      ['1x Coin', '3x Coin', '6x Coin'],
      ['1x Loot', '2x Loot', '3x Loot'],
    ]);
    expect(sharedPrinted(chests)).toEqual({ type: 'Good Event' });
  });

  it('reads "4!" as printed ATK 4 (Mulliboom) and a roll reward as printed (Black Bony)', () => {
    expect(card('Mulliboom')).toMatchObject({ hp: 1, dc: 2, atk: 4 });
    expect(fourSoulsPrinted(card('Black Bony')).rewards).toBe('Roll- Loot x Loot');
  });

  it('places a type it does not know nowhere', () => {
    expect(fourSoulsPileOf('Outside Card')).toBeUndefined();
    expect(fourSoulsPileOf('Room Card')).toBe('room');
  });
});

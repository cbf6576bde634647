import { GRAND_ARCHIVE_SOURCE, grandArchivePrinted, grandArchiveTable } from '@matchlog/cards';

const card = (name: string) => {
  const found = grandArchiveTable().byName(name);
  if (found.status !== 'found') throw new Error(`${name}: ${found.status}`);
  return found.card;
};

describe('the Grand Archive card table', () => {
  it('names its source, its licence and the date of the facts it read', () => {
    expect(GRAND_ARCHIVE_SOURCE).toEqual({
      repository: 'OotTheMonk/GrandArchiveOnline',
      commit: expect.stringMatching(/^[0-9a-f]{40}$/),
      path: '/GeneratedCode/GeneratedCardDictionaries.php',
      license: 'GPL-3.0',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('holds every card of the dump once, each name once', () => {
    const table = grandArchiveTable();
    expect(table.size).toBe(642);
    expect(table.byShortId('LMyKyVC2O9')?.name).toBe('Spirit of Fire');
  });

  it('reads a champion: level, life, element, class (Lorraine, Wandering Warrior)', () => {
    expect(card('Lorraine, Wandering Warrior')).toEqual({
      id: 'DpHDGaX2Pn',
      name: 'Lorraine, Wandering Warrior',
      definition: 'Lorraine, Wandering Warrior',
      set: '',
      number: 0,
      types: ['CHAMPION'],
      classes: ['WARRIOR'],
      subtypes: ['WARRIOR', 'HUMAN'],
      element: 'NORM',
      memoryCost: 1,
      level: 1,
      life: 20,
    });
  });

  it('gives a level-0 champion whose cost the dump wrote as none a memory cost of 0 (every card has a cost)', () => {
    expect(grandArchivePrinted(card('Spirit of Fire'))).toEqual({ type: 'Champion', element: 'Fire', memoryCost: 0, level: 0, life: 15 });
  });

  it("reads an ally's reserve cost, power and life, and a fast action's speed", () => {
    expect(grandArchivePrinted(card('Blue Slime'))).toEqual({ type: 'Ally', element: 'Water', reserveCost: 3, power: 1, life: 4 });
    expect(grandArchivePrinted(card('Fireball'))).toEqual({ type: 'Action', element: 'Fire', reserveCost: 4, speed: 'Fast' });
  });

  it("reads a regalia weapon's memory cost, power and durability", () => {
    expect(grandArchivePrinted(card('Arondight, Azure Blade'))).toEqual({ type: 'Regalia Weapon', element: 'Water', memoryCost: 1, power: 1, durability: 2 });
  });

  it('finds a name however it is typed, and suggests the closest for a typo', () => {
    expect(grandArchiveTable().byName('lorraine wandering warrior')).toMatchObject({ status: 'found', definition: 'Lorraine, Wandering Warrior' });
    expect(grandArchiveTable().byName('Blue Slim')).toMatchObject({ status: 'unknown', closest: expect.arrayContaining(['Blue Slime']) });
  });
});

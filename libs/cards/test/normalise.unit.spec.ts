import { CardTable, cardOfRow, editDistance, normaliseName } from '@matchlog/cards';

describe('normaliseName', () => {
  it.each([
    ['Elsa - Snow Queen', 'elsa snow queen'],
    ['Elsa – Snow Queen', 'elsa snow queen'],
    ['Elsa — Snow Queen', 'elsa snow queen'],
    ['Elsa ‐ Snow Queen', 'elsa snow queen'],
    ['Elsa  -  Snow   Queen', 'elsa snow queen'],
    ['El\u200Bsa - Snow\u2060 Queen\uFEFF', 'elsa snow queen'],
    ['Ｅｌｓａ - Ｓｎｏｗ Ｑｕｅｅｎ', 'elsa snow queen'],
    ['ELSA - SNOW QUEEN', 'elsa snow queen'],
    ["Maui's Place of Exile", 'mauis place of exile'],
    ['Maui’s Place of Exile', 'mauis place of exile'],
    ['Fire the Cannons!', 'fire the cannons'],
    ['Lumière', 'lumiere'],
    ['Kākāmora', 'kakamora'],
  ])('%j → %j', (text, normal) => {
    expect(normaliseName(text)).toBe(normal);
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('queen', 'queen')).toBe(0);
    expect(editDistance('quen', 'queen')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('abc', '')).toBe(3);
  });
});

describe('a CardTable of its own cards', () => {
  const table = new CardTable([
    cardOfRow(['a1', 'Ariel', 'On Human Legs', '001', 1, 'character', 'amber', 4, true, 2, 3, 4]),
    cardOfRow(['a2', 'Ariel', 'Spectacular Singer', '001', 2, 'character', 'amber', 3, true, 1, 2, 3]),
    cardOfRow(['a3', 'Ariel', 'On Human Legs', '009', 1, 'character', 'amber', 4, true, 2, 3, 4]),
  ]);

  it('groups the printings of a definition', () => {
    expect(table.size).toBe(3);
    const found = table.byName('ariel on human legs');
    expect(found.status === 'found' && found.cards.map(({ id }) => id)).toEqual(['a1', 'a3']);
    expect(table.byName('Ariel')).toEqual({ status: 'ambiguous', candidates: ['Ariel - On Human Legs', 'Ariel - Spectacular Singer'] });
    expect(table.byName('Spectacular Singer')).toMatchObject({ status: 'found', matchedBy: 'version', definition: 'Ariel - Spectacular Singer' });
    expect(table.closest('Ariel - Spectacular', 1)).toEqual(['Ariel - Spectacular Singer']);
  });
});

import { readFileSync } from 'fs';
import { join } from 'path';
import { tcgOnlineSamples } from '@matchlog/testkit';
import { byName, byShortId, closest, LORCANA_SOURCE, lorcanaTable, printedFacts } from '@matchlog/cards';

describe('the Lorcana card table', () => {
  it('records the commit of TheCardGoat/lorcana-simulator it was read from', () => {
    expect(LORCANA_SOURCE).toEqual({
      repository: 'TheCardGoat/lorcana-simulator',
      commit: expect.stringMatching(/^[0-9a-f]{40}$/),
      path: 'packages/lorcana/lorcana-cards/src/cards',
      license: 'MIT',
    });
  });

  it('holds every short id the four sample replays use', () => {
    const samples = tcgOnlineSamples();
    expect(samples).toHaveLength(4);
    for (const { name: sample, json } of samples) {
      const replay = JSON.parse(json) as { cardsMaps: { cardInstances: Record<string, string> } };
      const ids = new Set(Object.values(replay.cardsMaps.cardInstances));
      expect(ids.size).toBeGreaterThan(10);
      expect({ sample, missing: [...ids].filter((id) => byShortId(id) === undefined) }).toEqual({ sample, missing: [] });
    }
  });

  it('reads a character, its facts as its card file prints them (001/characters/041-elsa-snow-queen.ts)', () => {
    expect(byShortId('b3D')).toEqual({
      id: 'b3D',
      name: 'Elsa',
      version: 'Snow Queen',
      definition: 'Elsa - Snow Queen',
      set: '001',
      number: 41,
      type: 'character',
      ink: ['amethyst'],
      cost: 3,
      inkable: true,
      lore: 1,
      strength: 2,
      willpower: 3,
    });
  });

  it('reads an action without a version, and a location without strength', () => {
    expect(byShortId('nXA')).toEqual({
      id: 'nXA',
      name: 'Be Our Guest',
      definition: 'Be Our Guest',
      set: '001',
      number: 25,
      type: 'action',
      ink: ['amber'],
      cost: 2,
      inkable: true,
    });
    expect(byShortId('E8P')).toMatchObject({ definition: 'Never Land - Mermaid Lagoon', type: 'location', cost: 1, inkable: true, lore: 1, willpower: 4 });
    expect(byShortId('E8P')).not.toHaveProperty('strength');
  });

  it('reads a dual-ink card (007/characters/001-rhino-motivational-speaker.ts)', () => {
    expect(byShortId('ZwR')).toMatchObject({ definition: 'Rhino - Motivational Speaker', ink: ['amber', 'steel'], cost: 6, inkable: false, lore: 2, strength: 4, willpower: 7 });
  });

  it("reads a reprint's facts from the card it spreads (009's Lumiere - Fiery Friend copies 004's)", () => {
    expect(byShortId('qzx')).toMatchObject({
      definition: 'Lumiere - Fiery Friend',
      set: '009',
      number: 121,
      ink: ['ruby'],
      cost: 2,
      inkable: true,
      lore: 1,
      strength: 2,
      willpower: 2,
    });
    expect(byShortId('RPE')).toMatchObject({ definition: 'Lumiere - Fiery Friend', set: '004', number: 113 });
    expect(byShortId('Zl0')).toMatchObject({ definition: 'Ariel - Curious Traveler', set: 'P03', number: 43 });
  });

  it('knows nothing of a short id no card file has', () => {
    expect(byShortId('zzzz')).toBeUndefined();
    expect(byShortId('')).toBeUndefined();
    expect(byShortId('toString')).toBeUndefined();
  });

  it('holds no rules text and no art: only the printed facts', () => {
    expect(Object.keys(byShortId('WeA')!).sort()).toEqual([
      'cost',
      'definition',
      'id',
      'ink',
      'inkable',
      'lore',
      'name',
      'number',
      'set',
      'strength',
      'type',
      'version',
      'willpower',
    ]);
    expect(lorcanaTable().size).toBeGreaterThan(2000);
  });

  it("gives a card's printed facts as the domain's card definitions carry them", () => {
    expect(printedFacts(byShortId('WeA')!)).toEqual({ cost: 4, ink: 'Amber', inkable: true, type: 'Character', lore: 2, strength: 3, willpower: 4 });
    expect(printedFacts(byShortId('nXA')!)).toEqual({ cost: 2, ink: 'Amber', inkable: true, type: 'Action' });
    expect(printedFacts(byShortId('ZwR')!)).toMatchObject({ ink: 'Amber/Steel', inkable: false });
    expect(printedFacts(byShortId('E8P')!)).toEqual({ cost: 1, ink: 'Amber', inkable: true, type: 'Location', lore: 1, willpower: 4 });
  });
});

describe('a card looked up by name', () => {
  const LYLE = 'Lyle Tiberius Rourke - Cunning Mercenary';

  it('finds a definition by its whole name, with every printing of it', () => {
    const found = byName('Elsa - Snow Queen');
    expect(found).toMatchObject({ status: 'found', definition: 'Elsa - Snow Queen', matchedBy: 'definition', card: { id: 'b3D' } });
    expect(found.status === 'found' && found.cards.map((card) => card.id)).toEqual(['b3D', 'pIt', 'Pk3']);
    expect(byName('Be Our Guest')).toMatchObject({ status: 'found', definition: 'Be Our Guest', matchedBy: 'definition' });
  });

  it.each([
    ['an en dash', 'Lyle Tiberius Rourke – Cunning Mercenary'],
    ['an em dash', 'Lyle Tiberius Rourke—Cunning Mercenary'],
    ['no dash', 'Lyle Tiberius Rourke Cunning Mercenary'],
    ['a double space', 'Lyle Tiberius  Rourke -  Cunning Mercenary'],
    ['a zero-width space', 'Lyle Tibe\u200Brius Rourke - Cunning Mercenary'],
    ['a fullwidth letter', 'Ｌyle Tiberius Rourke - Cunning Ｍercenary'],
    ['another case', 'LYLE TIBERIUS ROURKE - cunning mercenary'],
    ['spaces around it', '  Lyle Tiberius Rourke - Cunning Mercenary\t'],
  ])('ignores %s', (_, text) => {
    expect(byName(text)).toMatchObject({ status: 'found', definition: LYLE, matchedBy: 'definition' });
  });

  it('ignores punctuation and accents', () => {
    expect(byName('Fire the Cannons')).toMatchObject({ status: 'found', definition: 'Fire the Cannons!' });
    expect(byName('Hei Hei - Boat Snack')).toMatchObject({ status: 'found', definition: 'HeiHei - Boat Snack' });
    expect(byName('Hei-Hei - Boat Snack')).toMatchObject({ status: 'found', definition: 'HeiHei - Boat Snack' });
    expect(byName('Lumière - Fiery Friend')).toMatchObject({ status: 'found', definition: 'Lumiere - Fiery Friend' });
    expect(byName('Maui’s Place of Exile - Hidden Island')).toMatchObject({ status: 'found', definition: "Maui's Place of Exile - Hidden Island" });
  });

  it('answers a short name alone that several versions share with its candidates', () => {
    const lyle = byName('Lyle Tiberius Rourke');
    expect(lyle).toEqual({
      status: 'ambiguous',
      candidates: [
        'Lyle Tiberius Rourke - Adventurer for Hire',
        'Lyle Tiberius Rourke - Crystallized Commander',
        'Lyle Tiberius Rourke - Crystallized Mercenary',
        LYLE,
        'Lyle Tiberius Rourke - Looking for His Moment',
      ],
    });
    expect(byName('elsa')).toMatchObject({ status: 'ambiguous', candidates: expect.arrayContaining(['Elsa - Snow Queen', 'Elsa - Spirit of Winter']) });
  });

  it('finds a version alone that one definition has, and names the candidates of one several share', () => {
    expect(byName('Cunning Mercenary')).toMatchObject({ status: 'found', definition: LYLE, matchedBy: 'version' });
    expect(byName('Musketeer')).toEqual({ status: 'ambiguous', candidates: ['Donald Duck - Musketeer', 'Goofy - Musketeer', 'Mickey Mouse - Musketeer'] });
  });

  it('says which definitions match when a text is a name of some and a version of others', () => {
    const rhino = byName('Rhino');
    expect(rhino.status).toBe('ambiguous');
    expect(rhino.status === 'ambiguous' && rhino.candidates).toEqual(expect.arrayContaining(['Rhino - Motivational Speaker']));
    expect(rhino.status === 'ambiguous' && rhino.candidates.some((name) => name.endsWith(' - Rhino'))).toBe(true);
  });

  it('finds every definition of the examples by its name', () => {
    const examples = join(__dirname, '..', '..', '..', 'examples', 'lorcana', 'match.json');
    const created = JSON.parse(readFileSync(examples, 'utf8')) as { cards: { definition: string }[] };
    const definitions = [...new Set(created.cards.map(({ definition }) => definition))];
    expect(definitions.length).toBeGreaterThan(10);
    expect(definitions.filter((definition) => byName(definition).status !== 'found')).toEqual([]);
  });

  it('gives the closest names for an unknown one', () => {
    expect(byName('Elsa - Snow Quen')).toEqual({ status: 'unknown', closest: expect.arrayContaining(['Elsa - Snow Queen']) });
    const typo = byName('Elsa - Snow Quen');
    expect(typo.status === 'unknown' && typo.closest[0]).toBe('Elsa - Snow Queen');
    expect(closest('Lyle Rourke', 5)).toHaveLength(5);
    expect(closest('Lyle Rourke', 5).every((name) => name.startsWith('Lyle Tiberius Rourke - '))).toBe(true);
    expect(closest('Cunning Mercenery', 1)).toEqual([LYLE]);
    expect(closest('Mikey Mouse - Brave Little Tailer', 1)).toEqual(['Mickey Mouse - Brave Little Tailor']);
  });

  it('suggests nothing for nothing, and stays quick on a long text', () => {
    expect(byName('')).toEqual({ status: 'unknown', closest: [] });
    expect(byName(' - ')).toEqual({ status: 'unknown', closest: [] });
    expect(closest('Elsa', 0)).toEqual([]);
    expect(byName('x'.repeat(100_000))).toMatchObject({ status: 'unknown' });
  });
});

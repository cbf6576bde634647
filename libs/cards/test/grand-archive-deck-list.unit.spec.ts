import { readFileSync } from 'fs';
import { join } from 'path';
import { rulesets } from '@matchlog/domain';
import { DeckListCard, brokenDeckRules, grandArchiveTable, parseDeckSiteJson, parseOmnidexText, resolveGrandArchiveDeckList } from '@matchlog/cards';

const OMNIDEX = readFileSync(join(__dirname, 'fixtures', 'grand-archive-lorraine-omnidex.txt'), 'utf8');
const RULES = rulesets['grand-archive'].tournament.constructed!;

const resolved = (list: Parameters<typeof resolveGrandArchiveDeckList>[0]): DeckListCard[] => {
  const result = resolveGrandArchiveDeckList(list, grandArchiveTable());
  if (!result.ok) throw new Error(JSON.stringify(result.bad));
  return [...result.cards];
};

const sized = (cards: readonly DeckListCard[], section: string) => cards.filter((card) => card.section === section).reduce((sum, card) => sum + card.count, 0);

describe('Grand Archive deck lists', () => {
  it('reads an Omnidex export by section: 8 material cards, 60 main, 6 in the sideboard, each named with its printed facts', () => {
    const cards = resolved(OMNIDEX);
    expect([sized(cards, 'material'), sized(cards, 'main'), sized(cards, 'sideboard')]).toEqual([8, 60, 6]);
    expect(cards[0]).toEqual({
      line: 2,
      count: 1,
      definition: 'Spirit of Fire',
      section: 'material',
      printed: { type: 'Champion', element: 'Fire', memoryCost: 0, level: 0, life: 15 },
    });
    expect(cards.find((card) => card.definition === 'Blazing Throw')).toMatchObject({ line: 12, count: 4, section: 'main', printed: { type: 'Action', reserveCost: 1 } });
  });

  it('reads lines before any heading as the main deck, skips comments, and lists a malformed line with its section', () => {
    const parsed = parseOmnidexText('2 Fireball\n// notes\n# Sideboard\nFireball\n4x Clean Cut');
    expect(parsed.entries.map(({ name, section, count }) => [name, section, count])).toEqual([
      ['Fireball', 'main', 2],
      ['Clean Cut', 'sideboard', 4],
    ]);
    expect(parsed.malformed).toEqual([{ line: 4, text: 'Fireball', section: 'sideboard' }]);
  });

  it("reads a deck site's JSON, by uuid where the table has it, else by name", () => {
    const json = {
      cards: {
        material: [{ quantity: 1, name: 'anything', uuid: 'LMyKyVC2O9' }],
        main: [
          { quantity: 4, name: 'Fireball', uuid: 'not-a-uuid' },
          { quantity: 0, name: 'Clean Cut' },
        ],
        sideboard: [{ quantity: 2, name: 'Blue Slime' }],
      },
    };
    expect(parseDeckSiteJson(json).malformed).toEqual([{ line: 2, text: 'Clean Cut', section: 'main' }]);
    const { main, ...rest } = json.cards;
    const cards = resolved({ cards: { ...rest, main: [main[0]] } });
    expect(cards.map(({ definition, section, count }) => [definition, section, count])).toEqual([
      ['Spirit of Fire', 'material', 1],
      ['Fireball', 'main', 4],
      ['Blue Slime', 'sideboard', 2],
    ]);
  });

  it('lists each line naming no card with its section and the closest names', () => {
    const result = resolveGrandArchiveDeckList('# Material Deck\n1 Spirit of Fyre\n# Main Deck\n4 Blazing Thorw', grandArchiveTable());
    expect(result).toEqual({
      ok: false,
      bad: [
        { line: 2, text: '1 Spirit of Fyre', problem: 'unknown', closest: expect.arrayContaining(['Spirit of Fire']), section: 'material' },
        { line: 4, text: '4 Blazing Thorw', problem: 'unknown', closest: expect.arrayContaining(['Blazing Throw']), section: 'main' },
      ],
    });
  });
});

describe('Grand Archive deck checks (Comprehensive Rules, General Rules - Format Conventions, Standard Constructed 1–4)', () => {
  it('finds the starter deck legal', () => {
    expect(brokenDeckRules(resolved(OMNIDEX), RULES, 'Grand Archive')).toEqual([]);
  });

  it('refuses a main deck of 59 cards and five copies of a name (Standard Constructed 1)', () => {
    const list = OMNIDEX.replace('4 Blazing Throw', '3 Blazing Throw').replace('4 Clean Cut', '5 Clean Cut').replace('4 Opening Cut', '3 Opening Cut');
    const broken = brokenDeckRules(resolved(list), RULES, 'Grand Archive');
    expect(broken.map(({ section, message }) => [section, message])).toEqual([
      ['main', 'the main deck has 59 cards; it needs at least 60'],
      ['main', 'the main deck has more than 4 copies of 5 Clean Cut'],
    ]);
    expect(broken[0].rule).toBe('Grand Archive Comprehensive Rules, ' + RULES.section);
  });

  it('refuses a material deck without a level 0 champion, with two copies of a name, or over 12 cards (Standard Constructed 2–3)', () => {
    const list = OMNIDEX.replace('1 Spirit of Fire', "2 Firetongue\n1 Sword of Seeking\n1 Sword of Adversity\n1 Drawn Blade\n1 Seer's Sword");
    const broken = brokenDeckRules(resolved(list), RULES, 'Grand Archive');
    expect(broken.map(({ message }) => message)).toEqual([
      'the material deck has 13 cards; it holds at most 12',
      'the material deck has more than 1 copy of 3 Firetongue',
      'the material deck has no level 0 champion',
    ]);
    expect(broken.every(({ rule, section }) => section === 'material' && rule.endsWith(RULES.material!.section))).toBe(true);
  });

  it('counts the sideboard by its points: a main-deck card 1, a regalia or champion 3 (Standard Constructed 4)', () => {
    const list = OMNIDEX.replace('1 Sealed Blade', "1 Sealed Blade\n1 Drawn Blade\n1 Seer's Sword\n1 Spirit of Water");
    const broken = brokenDeckRules(resolved(list), RULES, 'Grand Archive');
    expect(broken.map(({ section, message }) => [section, message])).toEqual([['sideboard', 'the sideboard has 9 cards worth 17 points; it holds at most 15 cards and 15 points']]);
  });
});

import { CardFileError, cardRows } from '../scripts/cards/lorcana-card-files';

/** A few card files as the repository writes them, in memory. */
const ROOT = '/checkout';
const SET = `${ROOT}/cards`;
const FILES: Record<string, string> = {
  [`${SET}/004/index.ts`]: `export * from "./characters/index";\n`,
  [`${SET}/004/characters/index.ts`]: `export { lumiereFieryFriend } from "./113-lumiere-fiery-friend";\n`,
  [`${SET}/004/characters/113-lumiere-fiery-friend.ts`]: `
import type { CharacterCard } from "@tcg/lorcana-types";
import { lumiereFieryFriendI18n } from "./113-lumiere-fiery-friend.i18n";
export const lumiereFieryFriend: CharacterCard = {
  id: "RPE", cardType: "character", name: "Lumiere", version: "Fiery Friend", inkType: ["ruby"], set: "004", cardNumber: 113,
  rarity: "rare", cost: 2, strength: 2, willpower: 2, lore: 1, inkable: true,
  text: "Rules text the table never reads", abilities: [{ type: "static", text: "not read" }], i18n: lumiereFieryFriendI18n,
};`,
  [`${SET}/009/characters/121-lumiere-fiery-friend.ts`]: `
import { lumiereFieryFriend as canonical } from "../../004";
export const lumiereFieryFriend: CharacterCard = { ...canonical, id: "qzx", set: "009", cardNumber: 121, rarity: "rare" };`,
  [`${SET}/010/items/032-the-black-cauldron.ts`]: `
export const theBlackCauldron: ItemCard = { id: "BC1", cardType: "item", name: "The Black Cauldron", inkType: ["amber"], set: "010", cardNumber: 32, cost: 3, inkable: false };`,
  [`${SET}/010/items/225-the-black-cauldron-enchanted.ts`]: `
import { theBlackCauldron } from "./032-the-black-cauldron.js";
export const theBlackCauldronEnchanted: ItemCard = { ...theBlackCauldron, id: "WLA", cardNumber: 225 };`,
  [`${SET}/003/locations/032-never-land-mermaid-lagoon.ts`]: `
export const neverLand = { id: "E8P", cardType: "location", name: "Never Land", version: "Mermaid Lagoon", inkType: ["amber"], set: "003", cardNumber: 32, cost: 1, willpower: 4, moveCost: 1, lore: 1, inkable: true } satisfies LocationCard;`,
  [`${SET}/007/characters/001-rhino.ts`]: `
export const rhino: CharacterCard = { id: "ZwR", cardType: "character", name: "Rhino", version: "Motivational Speaker", inkType: ["amber", "steel"], set: "007", cardNumber: 1, cost: 6, strength: 4, willpower: 7, lore: 2, inkable: false };
// LEGACY: export const old = { id: "oqf", cardType: "character" };`,
};
const read = (files: Record<string, string>) => (path: string) => files[path];
const rows = (files: Record<string, string>, only?: string[]) => cardRows(ROOT, only ?? Object.keys(files).filter((path) => !path.endsWith('index.ts')), read(files));

describe("the generator's reading of the card files", () => {
  it('reads each exported card object to a row of printed facts, and nothing else', () => {
    expect(rows(FILES)).toEqual([
      ['RPE', 'Lumiere', 'Fiery Friend', '004', 113, 'character', 'ruby', 2, true, 1, 2, 2],
      ['qzx', 'Lumiere', 'Fiery Friend', '009', 121, 'character', 'ruby', 2, true, 1, 2, 2],
      ['BC1', 'The Black Cauldron', null, '010', 32, 'item', 'amber', 3, false, null, null, null],
      ['WLA', 'The Black Cauldron', null, '010', 225, 'item', 'amber', 3, false, null, null, null],
      ['E8P', 'Never Land', 'Mermaid Lagoon', '003', 32, 'location', 'amber', 1, true, 1, null, 4],
      ['ZwR', 'Rhino', 'Motivational Speaker', '007', 1, 'character', 'amber/steel', 6, false, 2, 4, 7],
    ]);
  });

  const refused = (path: string, text: string) => {
    const files = { ...FILES, [path]: text };
    return () => rows(files, [path]);
  };

  it('refuses a fact that is not a literal, naming the file and line', () => {
    expect(
      refused(
        `${SET}/001/a.ts`,
        `const COST = 3;\nexport const a = { id: "a1", cardType: "action", name: "A", inkType: ["amber"], set: "001", cardNumber: 1,\n cost: COST, inkable: true };`,
      ),
    ).toThrow(new CardFileError('cards/001/a.ts:3: not a literal value: the generator reads literals only'));
  });

  it('refuses a spread it cannot follow, and a card missing a printed fact', () => {
    expect(refused(`${SET}/001/b.ts`, `import { gone } from "./nowhere";\nexport const b = { ...gone, id: "b1" };`)).toThrow(
      /cards\/001\/b.ts:2: the spread gone names no card object/,
    );
    expect(
      refused(
        `${SET}/001/c.ts`,
        `export const c = { id: "c1", cardType: "character", name: "C", inkType: ["amber"], set: "001", cardNumber: 3, cost: 2, inkable: true, lore: 1, willpower: 2 };`,
      ),
    ).toThrow(/strength: expected a whole number, got undefined/);
    expect(
      refused(`${SET}/001/d.ts`, `export const d = { id: "d1", cardType: "action", name: "D", inkType: ["gold"], set: "001", cardNumber: 4, cost: 2, inkable: true };`),
    ).toThrow(/inkType/);
  });
});

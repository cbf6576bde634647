import { lorcanaTable, resolveDeckList } from '@matchlog/cards';
import { MatchlogError } from '@matchlog/client';
import { BadLine, badLineMessage, badLineRange, badLinesOf, placeBadLines } from '../src/pages/new-match/bad-lines';
import { P1_LIST } from './support/deck-lists';

const typed = (values: Record<string, string>) => (seat: string, field: string) => values[`${seat}.${field}`] ?? '';

describe("the server's 422 DECK_LIST_UNKNOWN_CARDS, next to the seat and line it names", () => {
  it("Lorcana: the card table's own bad lines (with closest names) go under that seat's list, the line selected", () => {
    const text = P1_LIST.replace('4 Elsa - Snow Queen', '4 Elsa - Snow Quen').replace('4 Hakuna Matata', '4 Hakuna Matatta');
    const resolved = resolveDeckList(text, lorcanaTable());
    if (resolved.ok) throw new Error('the misspelt lines should not resolve');
    const lines: BadLine[] = resolved.bad.map((line) => ({ player: 'p2', ...line }));
    const error = new MatchlogError('DECK_LIST_UNKNOWN_CARDS', 422, { code: 'DECK_LIST_UNKNOWN_CARDS', lines }, 'a line names no card');
    const found = badLinesOf(error)!;
    expect(found.map((line) => line.line)).toEqual([1, text.split('\n').indexOf('4 Hakuna Matatta') + 1]);
    const placed = placeBadLines(found, true, typed({}));
    expect(placed.map(({ seat, field }) => `${seat}.${field}`)).toEqual(['p2.deck', 'p2.deck']);
    expect(badLineMessage(found[0])).toBe(`Line 1 "4 Elsa - Snow Quen": no such card. Closest: ${found[0].closest.join(', ')}.`);
    expect(found[0].closest).toContain('Elsa - Snow Queen');
    const [start, end] = badLineRange(text, found[1]);
    expect(text.slice(start, end)).toBe('4 Hakuna Matatta');
  });

  it('other errors are no bad lines', () => {
    expect(badLinesOf(new MatchlogError('VALIDATION_FAILED', 400, {}, 'bad'))).toBeNull();
    expect(badLinesOf(new Error('offline'))).toBeNull();
  });

  it('Grand Archive: each line names its section; in a pasted JSON list the entry is found by its name', () => {
    const omnidex = ['# Material Deck', '1 Spirit of Fire', '', '# Main Deck', '4 Ignited Strik'].join('\n');
    const bad: BadLine = { player: 'p1', line: 5, text: '4 Ignited Strik', problem: 'unknown', closest: ['Ignited Strike'], section: 'main' };
    expect(badLineMessage(bad)).toBe('Main Deck · Line 5 "4 Ignited Strik": no such card. Closest: Ignited Strike.');
    expect(badLineMessage({ ...bad, section: 'Material Deck', line: 2, text: '1 Spirit of Fir' })).toMatch(/^Material Deck · Line 2 /);
    expect(omnidex.slice(...badLineRange(omnidex, bad))).toBe('4 Ignited Strik');
    const json = JSON.stringify({ cards: { main: [{ quantity: 4, name: 'Ignited Strik', uuid: 'x' }] } }, null, 2);
    const entry = { ...bad, line: 1, text: 'Ignited Strik' };
    expect(json.slice(...badLineRange(json, entry))).toContain('"name": "Ignited Strik"');
    expect(placeBadLines([{ ...bad, path: 'deckLists.p2' }], true, typed({}))[0]).toMatchObject({ seat: 'p2', field: 'deck' });
  });

  it("Four Souls: a name under setup.characters or setup.startingItems goes under that seat's field", () => {
    const unknown = (fields: Partial<BadLine>): BadLine => ({ player: 'p3', text: 'Isac', problem: 'unknown', closest: ['Isaac'], ...fields });
    const placed = placeBadLines(
      [unknown({ path: 'setup.characters.p3' }), unknown({ player: 'p4', text: 'Yum Hart', path: 'setup.startingItems.p4' }), unknown({ player: 'p2', text: 'The D6!' })],
      false,
      typed({ 'p2.startingItem': 'The D6!' }),
    );
    expect(placed.map(({ seat, field }) => `${seat}.${field}`)).toEqual(['p3.character', 'p4.startingItem', 'p2.startingItem']);
    expect(badLineMessage(placed[0].bad)).toBe('"Isac": no such card. Closest: Isaac.');
    expect(placeBadLines([unknown({})], false, typed({}))[0].field).toBe('character');
  });

  it("Four Souls: the server's `details` ({path, message}) go under the seat and field the path names, in the server's words", () => {
    const body = {
      code: 'DECK_LIST_UNKNOWN_CARDS',
      details: [
        { path: 'setup.characters.p3', message: '"Cian": no such card; closest: Cain, Eden' },
        { path: 'setup.startingItems.p2', message: '"Yum Hart": no such card; closest: Yum Heart' },
      ],
    };
    const found = badLinesOf(new MatchlogError('DECK_LIST_UNKNOWN_CARDS', 422, body, 'a name of the setup names no card'))!;
    const placed = placeBadLines(found, false, typed({}));
    expect(placed.map(({ seat, field }) => `${seat}.${field}`)).toEqual(['p3.character', 'p2.startingItem']);
    expect(placed.map(({ bad }) => [bad.text, badLineMessage(bad)])).toEqual([
      ['Cian', '"Cian": no such card; closest: Cain, Eden'],
      ['Yum Hart', '"Yum Hart": no such card; closest: Yum Heart'],
    ]);
  });
});

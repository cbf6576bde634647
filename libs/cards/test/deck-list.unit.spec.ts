import { lorcanaTable, parseDeckList, resolveDeckList } from '@matchlog/cards';

describe('parseDeckList', () => {
  it('reads the count then the name, as Dreamborn, inkdecks and Limitless export a list', () => {
    const parsed = parseDeckList('4 Elsa - Snow Queen\n2 Be Prepared\n1 Elsa, Spirit of Winter');
    expect(parsed.malformed).toEqual([]);
    expect(parsed.entries).toEqual([
      { line: 1, text: '4 Elsa - Snow Queen', count: 4, name: 'Elsa - Snow Queen' },
      { line: 2, text: '2 Be Prepared', count: 2, name: 'Be Prepared' },
      { line: 3, text: '1 Elsa, Spirit of Winter', count: 1, name: 'Elsa, Spirit of Winter' },
    ]);
  });

  it('takes a count written "4x", Windows line ends, blank lines and comment lines, and numbers lines as an editor does', () => {
    const parsed = parseDeckList('# Amethyst/Steel\r\n\r\n4x Elsa - Snow Queen\r\n// sideboard notes\r\n  3 x  Be Prepared  \r\n');
    expect(parsed.malformed).toEqual([]);
    expect(parsed.entries.map(({ line, count, name }) => [line, count, name])).toEqual([
      [3, 4, 'Elsa - Snow Queen'],
      [5, 3, 'Be Prepared'],
    ]);
  });

  it('lists each line that is not "count name", with its number', () => {
    const parsed = parseDeckList('Elsa - Snow Queen\n4 Be Prepared\n0 Be Prepared\n4\n100 Be Prepared');
    expect(parsed.entries.map(({ line }) => line)).toEqual([2]);
    expect(parsed.malformed).toEqual([
      { line: 1, text: 'Elsa - Snow Queen' },
      { line: 3, text: '0 Be Prepared' },
      { line: 4, text: '4' },
      { line: 5, text: '100 Be Prepared' },
    ]);
  });
});

describe('resolveDeckList', () => {
  const table = lorcanaTable();

  it('names each card as the table does, ignoring case and punctuation, with its printed facts', () => {
    const resolved = resolveDeckList('4 ELSA – snow queen\n2 be prepared', table);
    expect(resolved).toEqual({
      ok: true,
      cards: [
        { line: 1, count: 4, definition: 'Elsa - Snow Queen', printed: expect.objectContaining({ cost: 3, ink: 'Amethyst', type: 'Character' }) },
        { line: 2, count: 2, definition: 'Be Prepared', printed: expect.objectContaining({ cost: 7, ink: 'Ruby', type: 'Action' }) },
      ],
    });
  });

  it('lists every bad line: not "count name", an unknown name with the closest, an ambiguous name with what it may mean', () => {
    const resolved = resolveDeckList('4 Elsa - Snow Quen\n4 Be Prepared\nBe Prepared\n\n2 Elsa', table);
    expect(resolved.ok).toBe(false);
    if (resolved.ok) return;
    expect(resolved.bad.map(({ line, text, problem }) => ({ line, text, problem }))).toEqual([
      { line: 1, text: '4 Elsa - Snow Quen', problem: 'unknown' },
      { line: 3, text: 'Be Prepared', problem: 'malformed' },
      { line: 5, text: '2 Elsa', problem: 'ambiguous' },
    ]);
    expect(resolved.bad[0].closest[0]).toBe('Elsa - Snow Queen');
    expect(resolved.bad[1].closest).toEqual([]);
    expect(resolved.bad[2].closest).toEqual(expect.arrayContaining(['Elsa - Snow Queen', 'Elsa - Spirit of Winter']));
  });

  it('suggests names for the first 20 unknown lines only, so a long list of nonsense stays cheap', () => {
    const resolved = resolveDeckList(Array.from({ length: 25 }, (_, i) => `1 Zzqx Card ${i}`).join('\n'), table);
    if (resolved.ok) throw new Error('expected bad lines');
    expect(resolved.bad).toHaveLength(25);
    expect(resolved.bad.filter(({ closest }) => closest.length > 0)).toHaveLength(20);
  });
});

import { LedgerError, formatMatchEntry, leafHash, parseMatchEntry } from '@matchlog/ledger';

const entry = { kind: 'match-ended', matchId: 'm-42', revision: 17, head: 'sha256:abc', kid: 'kid-1' } as const;
const text = 'matchlog/entry/v1\nkind match-ended\nmatch m-42\nrevision 17\nhead sha256:abc\nkid kid-1\n';

describe('matchlog entries (docs/ledger.md "The server\'s log")', () => {
  it('writes the fixed text, and reads it back', () => {
    expect(formatMatchEntry(entry)).toBe(text);
    expect(parseMatchEntry(text)).toEqual(entry);
  });

  it('gives every kind its own leaf', () => {
    const leaves = (['match-ended', 'match-voided', 'receipt'] as const).map((kind) => Buffer.from(leafHash(Buffer.from(formatMatchEntry({ ...entry, kind })))).toString('hex'));
    expect(new Set(leaves).size).toBe(3);
  });

  it.each([
    ['no final newline', text.slice(0, -1)],
    ['another header', text.replace('entry/v1', 'entry/v2')],
    ['an unknown kind', text.replace('match-ended', 'round-closed')],
    ['a leading zero', text.replace('revision 17', 'revision 017')],
    ['fields out of order', text.replace('match m-42\nrevision 17', 'revision 17\nmatch m-42')],
    ['an extra line', `${text}salt xyz\n`],
    ['a missing field', text.replace('kid kid-1\n', '')],
    ['a space in a value', text.replace('m-42', 'm 42')],
  ])('refuses %s', (_, bad) => expect(() => parseMatchEntry(bad)).toThrow(LedgerError));

  it('refuses to write a value that would change the lines', () => {
    expect(() => formatMatchEntry({ ...entry, matchId: 'a\nkid x' })).toThrow(LedgerError);
    expect(() => formatMatchEntry({ ...entry, revision: -1 })).toThrow(LedgerError);
  });
});

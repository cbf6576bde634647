import { MatchEntry, formatMatchEntry, parseMatchEntry } from '@matchlog/ledger';

const entry: MatchEntry = { kind: 'match-ended', matchId: 'm-1', revision: 42, head: 'sha256:abc', kid: 'Zk3x_thumb' };
const text = 'matchlog/entry/v1\nkind match-ended\nmatch m-1\nrevision 42\nhead sha256:abc\nkid Zk3x_thumb\n';
const refused = expect.objectContaining({ name: 'LedgerError', code: 'INVALID_INPUT' });

describe('match entries (matchlog/entry/v1)', () => {
  it('formats exactly the header and five field lines, and parses them back', () => {
    expect(formatMatchEntry(entry)).toBe(text);
    expect(parseMatchEntry(text)).toEqual(entry);
    for (const kind of ['match-voided', 'receipt'] as const) expect(parseMatchEntry(formatMatchEntry({ ...entry, kind }))).toEqual({ ...entry, kind });
  });

  it.each([
    ['an extra line', `${text}time 2026-01-01T00:00:00Z\n`],
    ['a missing line', text.replace('kid Zk3x_thumb\n', '')],
    ['lines out of order', text.replace('match m-1\nrevision 42\n', 'revision 42\nmatch m-1\n')],
    ['no final newline', text.slice(0, -1)],
    ['a blank line at the end', `${text}\n`],
    ['another header', text.replace('v1', 'v2')],
    ['an unknown kind', text.replace('match-ended', 'round-closed')],
    ['a revision with a leading zero', text.replace('revision 42', 'revision 042')],
    ['a value with a space', text.replace('head sha256:abc', 'head sha256 abc')],
    ['an empty value', text.replace('kid Zk3x_thumb', 'kid ')],
  ])('refuses %s', (_why, bad) => expect(() => parseMatchEntry(bad)).toThrow(refused));

  it('refuses to format a field that would make another line', () => {
    expect(() => formatMatchEntry({ ...entry, matchId: 'm-1\nkind receipt' })).toThrow(refused);
    expect(() => formatMatchEntry({ ...entry, revision: -1 })).toThrow(refused);
  });
});

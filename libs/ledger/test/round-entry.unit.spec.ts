import { RoundEntry, formatRoundEntry, parseLogEntry, parseMatchEntry, parseRoundEntry } from '@matchlog/ledger';

const slip = 'a'.repeat(64);
const entry: RoundEntry = {
  kind: 'round-closed',
  event: 'Worlds 2026 · Día 1',
  round: 3,
  slip,
  counts: [
    { matchId: 'r3-t1-g1', revision: 40, head: 'sha256:aaa' },
    { matchId: 'r3-t2-g1', revision: 7, head: 'sha256:bbb' },
  ],
  kid: 'Zk3x_thumb',
};
const text = `matchlog/entry/v1\nkind round-closed\nevent Worlds 2026 · Día 1\nround 3\nslip ${slip}\ncounts r3-t1-g1 40 sha256:aaa\ncounts r3-t2-g1 7 sha256:bbb\nkid Zk3x_thumb\n`;
const refused = expect.objectContaining({ name: 'LedgerError', code: 'INVALID_INPUT' });

describe('round-closed entries (matchlog/entry/v1)', () => {
  it('formats exactly the header, kind, event, round, slip, one counts line a game and kid, and parses them back', () => {
    expect(formatRoundEntry(entry)).toBe(text);
    expect(parseRoundEntry(text)).toEqual(entry);
    expect(parseLogEntry(text)).toEqual(entry);
  });

  it('holds a round that counts no game', () => {
    const none = { ...entry, counts: [] };
    expect(parseRoundEntry(formatRoundEntry(none))).toEqual(none);
  });

  it('is told from a match entry by its kind line, and is not a match entry', () => {
    const match = 'matchlog/entry/v1\nkind match-ended\nmatch m-1\nrevision 42\nhead sha256:abc\nkid Zk3x_thumb\n';
    expect(parseLogEntry(match)).toMatchObject({ kind: 'match-ended', matchId: 'm-1' });
    expect(() => parseMatchEntry(text)).toThrow(refused);
  });

  it.each([
    ['an extra line', `${text}time 2026-01-01T00:00:00Z\n`],
    ['a missing kid', text.replace('kid Zk3x_thumb\n', '')],
    ['a missing slip', text.replace(`slip ${slip}\n`, '')],
    ['lines out of order', text.replace(`round 3\nslip ${slip}\n`, `slip ${slip}\nround 3\n`)],
    ['counts out of order', text.replace('counts r3-t1-g1 40 sha256:aaa\ncounts r3-t2-g1 7 sha256:bbb', 'counts r3-t2-g1 7 sha256:bbb\ncounts r3-t1-g1 40 sha256:aaa')],
    ['a match counted twice', text.replace('counts r3-t2-g1 7 sha256:bbb', 'counts r3-t1-g1 40 sha256:aaa')],
    ['a counts line without a head', text.replace('counts r3-t2-g1 7 sha256:bbb', 'counts r3-t2-g1 7')],
    ['a counts line with a fourth word', text.replace('7 sha256:bbb', '7 sha256:bbb x')],
    ['a count revision with a leading zero', text.replace('counts r3-t2-g1 7', 'counts r3-t2-g1 07')],
    ['a round with a leading zero', text.replace('round 3', 'round 03')],
    ['a slip in uppercase', text.replace(slip, 'A'.repeat(64))],
    ['a short slip', text.replace(slip, 'a'.repeat(63))],
    ['an empty event', text.replace('event Worlds 2026 · Día 1', 'event ')],
    ['no final newline', text.slice(0, -1)],
    ['another header', text.replace('v1', 'v2')],
  ])('refuses %s', (_why, bad) => expect(() => parseRoundEntry(bad)).toThrow(refused));

  it('refuses to format a field that would make another line', () => {
    expect(() => formatRoundEntry({ ...entry, event: 'Worlds\nkind receipt' })).toThrow(refused);
    expect(() => formatRoundEntry({ ...entry, counts: [{ matchId: 'a b', revision: 1, head: 'h' }] })).toThrow(refused);
    expect(() => formatRoundEntry({ ...entry, round: -1 })).toThrow(refused);
  });

  it('refuses to format an entry over the 65,535 bytes a tlog-tiles entry bundle holds (about 650 counts with 20-character match ids)', () => {
    const counts = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ matchId: `lyon-2026-r3-t${String(i).padStart(4, '0')}-g1`, revision: 120, head: `sha256:${'c'.repeat(64)}` }));
    expect(() => formatRoundEntry({ ...entry, counts: counts(600) })).not.toThrow();
    expect(() => formatRoundEntry({ ...entry, counts: counts(700) })).toThrow(
      expect.objectContaining({ message: expect.stringContaining('over the 65535 a tlog-tiles entry bundle holds') }),
    );
  });
});

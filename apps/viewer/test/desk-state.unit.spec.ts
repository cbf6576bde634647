import type { DeskCall } from '../src/desk/desk-api';
import { emptyText, eventNames, keyOf, next, opened } from '../src/pages/desk/state';

const call = (matchId: string, callId: string, status: string) => ({ matchId, callId, status, at: 3 }) as unknown as DeskCall;
const open1 = call('m1', 'c1', 'open');
const claimed = call('m2', 'c1', 'claimed');
const resolved = call('m1', 'c2', 'resolved');

describe("the desk's state", () => {
  it('shows the open calls, or every call with ?calls=all, and counts the open ones either way', () => {
    const open = next(opened(false), { type: 'read', calls: [open1, resolved, claimed] });
    expect(open.shown).toEqual([open1, claimed]);
    expect(open).toMatchObject({ open: 2, code: null, changed: true });
    const every = next(opened(true), { type: 'read', calls: [open1, resolved, claimed] });
    expect(every.shown).toEqual([open1, resolved, claimed]);
    expect(every.open).toBe(2);
  });

  it('a read that brings the calls shown already leaves the list alone; a resolved call leaves it', () => {
    const first = next(opened(false), { type: 'read', calls: [open1, claimed] });
    // a call resolved is not shown: the list shown is the same as before it came
    expect(next(first, { type: 'read', calls: [open1, claimed, resolved] }).changed).toBe(false);
    const after = next(first, { type: 'read', calls: [{ ...open1, status: 'resolved' } as DeskCall, claimed] });
    expect(after).toMatchObject({ changed: true, shown: [claimed], open: 1 });
  });

  it('a failed read says why with its code and keeps the list and the count as they were', () => {
    const first = next(opened(false), { type: 'read', calls: [open1] });
    const failed = next(first, { type: 'failed', message: 'down (UNAVAILABLE)', code: 'UNAVAILABLE' });
    expect(failed).toMatchObject({ code: 'UNAVAILABLE', changed: false, open: 1, shown: [open1] });
    expect(failed.status).toContain('down (UNAVAILABLE)');
    expect(next(failed, { type: 'read', calls: [open1] })).toMatchObject({ code: null, changed: false });
  });

  it('says the list is empty in the words of the view, and nothing when it is not', () => {
    const none = next(opened(false), { type: 'read', calls: [resolved] });
    expect(none.changed).toBe(true);
    expect(emptyText(none)).not.toBe('');
    expect(emptyText(none)).not.toBe(emptyText(next(opened(true), { type: 'read', calls: [] })));
    expect(emptyText(next(opened(true), { type: 'read', calls: [resolved] }))).toBe('');
  });

  it('keys a call by its match and its number, and offers each event once', () => {
    expect(keyOf(open1)).not.toBe(keyOf(claimed));
    expect(keyOf(open1)).not.toBe(keyOf(resolved));
    expect(eventNames([{ tournament: { event: 'Cup' } }, { tournament: {} }, { tournament: { event: 'Cup' } }, { tournament: { event: 'Open' } }])).toEqual(['Cup', 'Open']);
  });
});

import { broadcastTokenOf, canAddSeat, gameHintKey, next, opened, removable } from '../src/pages/new-match/state';

describe("the new-match form's state", () => {
  it('keeps the seats within what the game takes: two for Lorcana, two to four at a Four Souls table', () => {
    expect(next(opened, { type: 'seats', by: 1 }).seats).toBe(2);
    expect(canAddSeat(opened)).toBe(false);
    let souls = next(opened, { type: 'game', game: 'four-souls' });
    expect(canAddSeat(souls)).toBe(true);
    souls = next(next(next(souls, { type: 'seats', by: 1 }), { type: 'seats', by: 1 }), { type: 'seats', by: 1 });
    expect(souls.seats).toBe(4);
    expect(canAddSeat(souls)).toBe(false);
    // back to a two-seat game, the seats past the second go
    expect(next(souls, { type: 'game', game: 'grand-archive' }).seats).toBe(2);
  });

  it('lets only the last seat go, and never below the fewest', () => {
    const three = next(next(opened, { type: 'game', game: 'four-souls' }), { type: 'seats', by: 1 });
    expect([0, 1, 2].map((index) => removable(three, index))).toEqual([false, false, true]);
    const two = next(three, { type: 'seats', by: -1 });
    expect([0, 1].map((index) => removable(two, index))).toEqual([false, false]);
    expect(next(two, { type: 'seats', by: -1 }).seats).toBe(2);
  });

  it("says what is missing in the game's words, and leaves the code as it was", () => {
    const failed = next(next(opened, { type: 'creating' }), { type: 'failed', message: 'no (UNAUTHORIZED)', code: 'UNAUTHORIZED' });
    const missing = next(failed, { type: 'missing' });
    expect(missing.code).toBe('UNAUTHORIZED');
    expect(missing.status).not.toBe(next(next(failed, { type: 'game', game: 'four-souls' }), { type: 'missing' }).status);
  });

  it('creating disables the form and clears the code; a failure enables it again with the code and the reason', () => {
    const creating = next({ ...opened, code: 'X' }, { type: 'creating' });
    expect(creating).toMatchObject({ creating: true, code: null });
    const failed = next(creating, { type: 'failed', message: 'taken (CONFLICT)', code: 'CONFLICT' });
    expect(failed).toMatchObject({ creating: false, code: 'CONFLICT' });
    expect(failed.status).toContain('taken (CONFLICT)');
    const bad = next(creating, { type: 'badLines', count: 3, code: 'DECK_LIST_INVALID' });
    expect(bad).toMatchObject({ creating: false, code: 'DECK_LIST_INVALID' });
    expect(bad.status).toContain('3');
  });

  it('stops suggesting a match id once one is typed, and again once it is cleared', () => {
    const typed = next(opened, { type: 'idTyped', typed: true });
    expect(typed.idTyped).toBe(true);
    expect(next(typed, { type: 'idTyped', typed: false }).idTyped).toBe(false);
  });

  it("hints each game's own way, and hands the organizer's page the broadcast's token, null for a public one, none without", () => {
    expect(new Set([gameHintKey('lorcana'), gameHintKey('grand-archive'), gameHintKey('four-souls')]).size).toBe(3);
    expect(broadcastTokenOf('token', 'b1')).toBe('b1');
    expect(broadcastTokenOf('token', undefined)).toBeNull();
    expect(broadcastTokenOf('public', 'b1')).toBeNull();
    expect(broadcastTokenOf(undefined, undefined)).toBeUndefined();
  });
});

import type { Finding } from '@matchlog/client';
import type { PenaltyVocabulary } from '../src/desk/desk-api';
import { NEAR, nearFindings, next, opened, penaltiesOf, whereText } from '../src/pages/call/state';

const finding = (revision: number) => ({ revision, code: 'x' }) as unknown as Finding;

describe("the call page's state", () => {
  it("opens at the address's revision, else the call's, else the head; never past the head", () => {
    expect(opened(20, 7, undefined)).toMatchObject({ head: 20, callAt: 7, current: 7 });
    expect(opened(20, 7, 12)).toMatchObject({ callAt: 7, current: 12 });
    expect(opened(20, 7, 40).current).toBe(20);
    // a call the desk does not know: its revision is the one the page opened at
    expect(opened(20, undefined, 5)).toMatchObject({ callAt: 5, current: 5 });
    expect(opened(20, undefined, undefined)).toMatchObject({ callAt: 20, current: 20 });
  });

  it('steps between 0 and the head', () => {
    const state = opened(20, 7, undefined);
    expect(next(state, { type: 'go', revision: 8 }).current).toBe(8);
    expect(next(state, { type: 'go', revision: -1 }).current).toBe(0);
    expect(next(state, { type: 'go', revision: 21 }).current).toBe(20);
  });

  it("says whether the revision shown is the call's", () => {
    const state = opened(20, 7, undefined);
    expect(whereText(state)).not.toBe(whereText(next(state, { type: 'go', revision: 8 })));
    expect(whereText(next(state, { type: 'go', revision: 8 }))).toContain('7');
  });

  it('keeps the findings near the revision shown, and follows it', () => {
    const state = next(opened(40, 15, undefined), { type: 'findings', findings: [finding(15 - NEAR), finding(15 + NEAR + 1), finding(30)] });
    expect(nearFindings(state).map((f) => f.revision)).toEqual([15 - NEAR]);
    expect(nearFindings(next(state, { type: 'go', revision: 30 })).map((f) => f.revision)).toEqual([15 + NEAR + 1, 30]);
  });

  it("takes the game's penalties, or the categories every game has", () => {
    const vocabulary = { categories: ['Warning'], games: [{ game: 'lorcana', document: 'x', penalties: ['Caution'], infractions: [], note: '' }] } as unknown as PenaltyVocabulary;
    expect(penaltiesOf(vocabulary, 'lorcana').penalties).toEqual(['Caution']);
    expect(penaltiesOf(vocabulary, 'four-souls')).toEqual({ game: 'four-souls', document: null, penalties: ['Warning'], infractions: [], note: '' });
  });
});

import { listResultOf } from '../src/list-result';
import { en } from '../src/i18n/en';
import { es } from '../src/i18n/es';

const ended = { voided: false, status: 'ended' as const, winner: null, draw: false };

describe("the match list's result", () => {
  it('a drawn game reads Draw (Empate), not Ended', () => {
    expect(listResultOf({ ...ended, draw: true })).toBe('draw');
    expect([en['picker.draw'], es['picker.draw']]).toEqual(['Draw', 'Empate']);
  });

  it('won, live, void, and ended with neither a winner nor a draw (abandoned)', () => {
    expect(listResultOf({ ...ended, winner: 'p1' })).toBe('won');
    expect(listResultOf({ ...ended, status: 'live' })).toBe('live');
    expect(listResultOf({ ...ended, voided: true, draw: true })).toBe('void');
    expect(listResultOf(ended)).toBe('ended');
  });
});

import { randomSuffix, suggestMatchId } from '../src/match-id-suggestion';
import { newMatchHref, organizeHref, routeOf } from '../src/route';

describe("the organizer's form before a match: its address and the match id it suggests", () => {
  const at = (pathname: string) => routeOf({ pathname, search: '' });

  it("/viewer/organize (with or without a slash) is the form; with a match id, that match's links", () => {
    expect(at(newMatchHref())).toEqual({ page: 'newMatch' });
    expect(at('/viewer/organize/')).toEqual({ page: 'newMatch' });
    expect(at(organizeHref('riverside r2 t7'))).toEqual({ page: 'organize', matchId: 'riverside r2 t7' });
  });

  it('a match id from the event (lower case, accents dropped, other characters as one dash), the round, the table and the game as typed', () => {
    expect(suggestMatchId('Copa Málaga: Día 1!', '2', '7', '1', '2026-11-28', 'x1y2')).toBe('copa-malaga-dia-1-r2-t7-g1');
    expect(suggestMatchId('', '', '12', '', '2026-11-28', 'x1y2')).toBe('t12');
    expect(suggestMatchId('', '', '', '1', '2026-11-28', 'x1y2')).toBe('feature-2026-11-28-x1y2');
  });

  it('behind a delay, which keeps the match from strangers until it has passed, the id ends with the random suffix: game 3 is not found by trying the id after game 2', () => {
    expect(suggestMatchId('Riverside Cup', '4', '1', '3', '2026-11-28', 'k7q2m9xa', true)).toBe('riverside-cup-r4-t1-g3-k7q2m9xa');
    expect(suggestMatchId('', '', '', '3', '2026-11-28', 'k7q2m9xa', true)).toBe('feature-2026-11-28-k7q2m9xa');
    const suffixes = new Set(Array.from({ length: 200 }, randomSuffix));
    expect(suffixes.size).toBe(200);
    for (const suffix of suffixes) expect(suffix).toMatch(/^[a-z0-9]{8}$/);
  });
});

import { positionRuns } from '../src/desk/ledger-panel';
import { callHref, deskHref, routeOf } from '../src/route';
import { tokenSlotOf } from '../src/tokens';

const at = (href: string) => {
  const url = new URL(href, 'http://localhost');
  return { pathname: url.pathname, search: url.search };
};

describe("the judge's desk in the address: back and reload come back to the same place", () => {
  it('keeps the event, the resolved calls and the penalty history of the desk', () => {
    expect(routeOf(at(deskHref('Desk Cup · Riverside', { all: true, history: true })))).toEqual({ page: 'desk', event: 'Desk Cup · Riverside', all: true, history: true });
    expect(routeOf(at(deskHref('Desk Cup')))).toEqual({ page: 'desk', event: 'Desk Cup', all: false, history: false });
    expect(routeOf(at('/viewer/judge'))).toEqual({ page: 'desk', all: false, history: false });
  });

  it('keeps the call investigated, its event and the revision shown', () => {
    expect(routeOf(at(callHref('match/1', 'call 7', 'Desk Cup', 21)))).toEqual({ page: 'call', matchId: 'match/1', callId: 'call 7', event: 'Desk Cup', at: 21 });
    expect(routeOf(at(callHref('m1', 'c1', undefined)))).toEqual({ page: 'call', matchId: 'm1', callId: 'c1' });
  });

  it('is not a match called "judge", and reads no match token', () => {
    expect(tokenSlotOf(at('/viewer/judge?event=x'))).toBeNull();
    expect(routeOf(at('/viewer/judge')).page).toBe('desk');
    expect(routeOf(at('/viewer/m1?audience=p1')).page).toBe('match');
  });
});

describe("the remedy helper's positions, counted from the top as a judge counts them", () => {
  it('writes runs of positions, 1 = top', () => {
    expect(positionRuns([1, 2, 3, 4, 6, 8, 9])).toBe('2–5, 7, 9–10');
    expect(positionRuns([0])).toBe('1');
    expect(positionRuns([])).toBe('');
  });
});

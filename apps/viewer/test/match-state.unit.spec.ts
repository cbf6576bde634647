import type { Finding, MatchDetail, View } from '@matchlog/client';
import { audiencesOf, cardNames, isNew, next, opened, playerNames, titleOf } from '../src/pages/match/state';

const finding = { code: 'hidden-card' } as unknown as Finding;

describe("the match page's state", () => {
  it('opens at the head, or at the revision asked for, never past the head', () => {
    expect(opened(12, undefined)).toMatchObject({ head: 12, current: 12, live: false, liveStatus: '', findings: [] });
    expect(opened(12, 3).current).toBe(3);
    expect(opened(12, 40).current).toBe(12);
  });

  it('goes to a revision between 0 and the head', () => {
    const state = opened(12, 5);
    expect(next(state, { type: 'go', revision: 7 }).current).toBe(7);
    expect(next(state, { type: 'go', revision: 99 }).current).toBe(12);
    expect(next(state, { type: 'go', revision: -1 }).current).toBe(0);
  });

  it('takes a revision from the live feed only past its head; the revision shown stays until the page goes there', () => {
    const state = opened(12, 5);
    expect(isNew(state, 12)).toBe(false);
    expect(isNew(state, 13)).toBe(true);
    expect(next(state, { type: 'arrived', revision: 11 })).toBe(state);
    const after = next(state, { type: 'arrived', revision: 13 });
    expect(after).toMatchObject({ head: 13, current: 5 });
    expect(next(after, { type: 'go', revision: 13 }).current).toBe(13);
  });

  it('keeps what the feed says while live, and forgets it when live mode stops', () => {
    const live = next(next(opened(3, undefined), { type: 'live', on: true }), { type: 'liveSaid', text: 'Reconnecting…' });
    expect(live).toMatchObject({ live: true, liveStatus: 'Reconnecting…' });
    expect(next(live, { type: 'live', on: false })).toMatchObject({ live: false, liveStatus: '' });
  });

  it("keeps the judge's findings as read", () => {
    expect(next(opened(3, undefined), { type: 'findings', findings: [finding] }).findings).toEqual([finding]);
  });
});

describe("the match page's names", () => {
  const summary = { players: [{ id: 'p1', name: 'Ana' }, { id: 'p2' }], audiences: ['public', 'p1', 'p2', 'broadcast', 'judge'], game: 'lorcana' } as unknown as MatchDetail;

  it("names a player from the summary, else the view's seats, else by id", () => {
    const nameOf = playerNames(summary, [
      { id: 'p2', name: 'Ben' },
      { id: 'p3', name: 'Cy' },
    ]);
    expect([nameOf('p1'), nameOf('p2'), nameOf('p3'), nameOf('p9')]).toEqual(['Ana', 'Ben', 'Cy', 'p9']);
    expect(playerNames(null, [])('p1')).toBe('p1');
  });

  it("offers the match's own audiences; without its summary, public, each player and the judge", () => {
    expect(audiencesOf(summary, [])).toEqual(['public', 'p1', 'p2', 'broadcast', 'judge']);
    expect(audiencesOf(null, [{ id: 'p1' }, { id: 'p2' }])).toEqual(['public', 'p1', 'p2', 'judge']);
  });

  it('titles the match by its players and game, or by its id when the summary is unread', () => {
    expect(titleOf(summary, 'm1')).toMatch(/^Ana.+p2 — /);
    expect(titleOf(null, 'm1')).toBe('m1');
  });

  it("names the cards the judge's view defines, and leaves the others their ids", () => {
    const view = { zones: { 'hand:p1': { cards: [{ cardId: 'c1', definition: 'Mickey Mouse' }, { cardId: 'c2' }, { hidden: true }] } } } as unknown as View;
    const cardName = cardNames(view);
    expect([cardName('c1'), cardName('c2'), cardName('c9')]).toEqual(['Mickey Mouse', 'c2', 'c9']);
  });
});

import type { View } from '@matchlog/client';
import { RECENT, delayOf, isNew, needsLink, next, opened, waiting } from '../src/pages/overlay/state';

const viewAt = (revision: number, ended: unknown = null) => ({ revision, ended, players: [{ id: 'p1', name: 'Ana' }, { id: 'p2' }] }) as unknown as View;
const turnStarted = { type: 'TurnStarted', turn: 2, player: 'p1' };

describe("the overlay's state", () => {
  it('lists the actions the broadcast sees, the last few only, named as the view names the players', () => {
    let state = opened(viewAt(3));
    state = next(state, { type: 'heard', revision: 2, observation: { type: 'Nothing' } });
    expect(state.recent).toEqual([]);
    state = next(state, { type: 'heard', revision: 3, observation: turnStarted });
    expect(state.recent).toHaveLength(1);
    expect(state.recent[0].revision).toBe(3);
    expect(state.recent[0].sentence).toContain('Ana');
    for (let revision = 4; revision < 4 + RECENT; revision++) state = next(state, { type: 'arrived', revision, view: viewAt(revision), observation: turnStarted });
    expect(state.recent.map((r) => r.revision)).toEqual([4, 5, 6, 7, 8]);
    expect(state.view.revision).toBe(8);
  });

  it('takes the view of a revision the feed lets out even when it says nothing, and only revisions past the one shown', () => {
    const state = next(opened(viewAt(3)), { type: 'arrived', revision: 4, view: viewAt(4), observation: { type: 'Nothing' } });
    expect(state).toMatchObject({ view: { revision: 4 }, recent: [] });
    expect(isNew(state, 4)).toBe(false);
    expect(isNew(state, 5)).toBe(true);
  });

  it('waits while only the creation has reached the broadcast, unless the match has ended', () => {
    expect(waiting(opened(viewAt(1)))).toBe(true);
    expect(waiting(opened(viewAt(2)))).toBe(false);
    expect(waiting(opened(viewAt(1, { winner: 'p1' })))).toBe(false);
  });

  it('reads the delay the Broadcast-Delay header says, and none without it', () => {
    expect(delayOf('seconds=300, events=2')).toEqual({ seconds: 300, events: 2 });
    expect(delayOf('events=4')).toEqual({ seconds: 0, events: 4 });
    expect(delayOf(null)).toBeUndefined();
  });

  it('asks for the link only when a token is missing, not when the delay refuses', () => {
    expect(needsLink(401, 'UNAUTHORIZED', false)).toBe(true);
    expect(needsLink(403, 'FORBIDDEN', true)).toBe(false);
    expect(needsLink(403, 'BROADCAST_DELAYED', false)).toBe(false);
    expect(needsLink(500, 'INTERNAL', false)).toBe(false);
  });
});

import { holdsBackPublic } from '@matchlog/domain';
import { Caller } from '../src/access/caller';
import { catalogHoldBackOf, publicHorizon, seesHead } from '../src/access/hold-back';
import { latestFor } from '../src/access/match-access';

const T0 = Date.parse('2026-11-28T10:00:00.000Z');
const MINUTE = 60_000;
/** A match of 4 events, one a minute from T0, its broadcast `delay` behind; `ended`: the 4th is its MatchEnded. */
const match = (delay: object | undefined, ended = false) => ({
  state: { revision: 4, layout: delay ? ({ broadcast: { delay, access: 'public' } } as never) : null, ended: ended ? ({ winner: 'p1', reason: '20 lore' } as never) : null },
  replay: {
    recordedAt: (revision: number) => new Date(T0 + (revision - 1) * MINUTE).toISOString(),
    eventAt: (revision: number) => (revision >= 1 && revision <= 4 ? { type: ended && revision === 4 ? 'MatchEnded' : 'TurnStarted' } : undefined),
  },
});
const HOUR_BEHIND = { seconds: 3600 };
const callers: [string, Caller, number][] = [
  ['no token', { kind: 'anonymous' }, 0],
  ['a broadcast token', { kind: 'broadcast', matchId: 'm1' }, 0],
  ["another match's judge", { kind: 'judge', matchId: 'm2' }, 0],
  ["a player of another match (game 2's, asking about game 1)", { kind: 'player', matchId: 'm2', player: 'p1' }, 0],
  ['the organizer', { kind: 'organizer' }, 4],
  ["the match's judge", { kind: 'judge', matchId: 'm1' }, 4],
  ["the match's recorder", { kind: 'recorder', matchId: 'm1' }, 4],
  ["the match's player", { kind: 'player', matchId: 'm1', player: 'p2' }, 4],
];

describe('holding back the public side of a delayed match', () => {
  it('holds back by default wherever there is a delay; not without one, nor when the organizer opts out', () => {
    expect(holdsBackPublic({ seconds: 300 })).toBe(true);
    expect(holdsBackPublic({ events: 3, holdBackPublic: true })).toBe(true);
    expect(holdsBackPublic({ seconds: 300, holdBackPublic: false })).toBe(false);
    expect(holdsBackPublic({})).toBe(false);
    expect(holdsBackPublic(undefined)).toBe(false);
  });

  it.each(callers)('%s: the public horizon, as the public view has it', (_, caller, expected) => {
    const now = T0 + 30 * MINUTE;
    expect(publicHorizon(caller, 'm1', match(HOUR_BEHIND), now)).toBe(expected);
    expect(latestFor(caller, 'm1', match(HOUR_BEHIND) as unknown as Parameters<typeof latestFor>[2], 'public', now)).toBe(expected);
    // past the window, everyone sees the head; a match that opts out or has no delay shows it at once
    expect(publicHorizon(caller, 'm1', match(HOUR_BEHIND), T0 + 63 * MINUTE)).toBe(4);
    expect(publicHorizon(caller, 'm1', match({ ...HOUR_BEHIND, holdBackPublic: false }), now)).toBe(4);
    expect(publicHorizon(caller, 'm1', match(undefined), now)).toBe(4);
  });

  it('the delay in events and in seconds together: the latest revision both let through', () => {
    expect(publicHorizon({ kind: 'anonymous' }, 'm1', match({ events: 1, seconds: 90 }), T0 + 3 * MINUTE)).toBe(2);
  });

  it("a delay in events after the end: the rest is let out once the delay's seconds have passed since MatchEnded (3 minutes after T0)", () => {
    const anyone: Caller = { kind: 'anonymous' };
    expect(publicHorizon(anyone, 'm1', match({ events: 2, seconds: 30 }, true), T0 + 3 * MINUTE + 29_999)).toBe(2);
    expect(publicHorizon(anyone, 'm1', match({ events: 2, seconds: 30 }, true), T0 + 3 * MINUTE + 30_000)).toBe(4);
    expect(publicHorizon(anyone, 'm1', match({ events: 2, seconds: 30 }), T0 + 60 * MINUTE)).toBe(2);
    expect(latestFor(anyone, 'm1', match({ events: 2 }, true) as unknown as Parameters<typeof latestFor>[2], 'broadcast', T0 + 3 * MINUTE)).toBe(4);
    expect(latestFor(anyone, 'm1', match({ events: 2 }) as unknown as Parameters<typeof latestFor>[2], 'broadcast', T0 + 3 * MINUTE)).toBe(2);
  });

  it("asks the catalog for every head for the organizer, else as of each delay but for the caller's own match", () => {
    expect(catalogHoldBackOf({ kind: 'organizer' }, T0)).toBeUndefined();
    expect(catalogHoldBackOf({ kind: 'anonymous' }, T0)).toEqual({ now: '2026-11-28T10:00:00.000Z' });
    expect(catalogHoldBackOf({ kind: 'broadcast', matchId: 'm1' }, T0)).toEqual({ now: '2026-11-28T10:00:00.000Z' });
    expect(catalogHoldBackOf({ kind: 'player', matchId: 'm1', player: 'p1' }, T0)).toEqual({ now: '2026-11-28T10:00:00.000Z', except: 'm1' });
  });

  it.each(callers)('decides once who sees the head: the views and the catalog agree for %s', (_, caller, seen) => {
    const holdBack = catalogHoldBackOf(caller, T0);
    const catalogSeesHead = holdBack === undefined || holdBack.except === 'm1';
    expect(seesHead(caller, 'm1')).toBe(seen === 4);
    expect(catalogSeesHead).toBe(seen === 4);
  });
});

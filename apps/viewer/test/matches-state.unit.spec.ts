import type { MatchSummary } from '@matchlog/client';
import { addressOf, next, opened, playersOf, searchOf } from '../src/pages/matches/state';

const match = (matchId: string) => ({ matchId, players: [{ id: 'p1', name: 'Ana' }, { id: 'p2' }] }) as unknown as MatchSummary;

describe("the catalog's state", () => {
  it('says how many matches were found, and lists them', () => {
    const searching = next(opened, { type: 'searching' });
    expect(searching.status).not.toBe('');
    const none = next(searching, { type: 'found', matches: [] });
    const one = next(searching, { type: 'found', matches: [match('m1')] });
    const two = next(searching, { type: 'found', matches: [match('m1'), match('m2')] });
    expect(new Set([none.status, one.status, two.status, searching.status]).size).toBe(4);
    expect(two.status).toContain('2');
    expect(two.matches.map((m) => m.matchId)).toEqual(['m1', 'm2']);
  });

  it('a failed search says why and keeps the matches found last', () => {
    const found = next(opened, { type: 'found', matches: [match('m1')] });
    const failed = next(next(found, { type: 'searching' }), { type: 'failed', message: 'offline' });
    expect(failed.status).toContain('offline');
    expect(failed.matches).toBe(found.matches);
  });

  it('keeps only the fields given in the address, trimmed; an empty search is the catalog itself', () => {
    const typed: Record<string, string> = { player: '  Ana ', event: '', game: 'lorcana' };
    const search = searchOf((name) => typed[name]);
    expect(search).toEqual({ player: 'Ana', event: '', game: 'lorcana' });
    expect(addressOf(search)).toBe('/viewer/?player=Ana&game=lorcana');
    expect(addressOf(searchOf(() => '   '))).toBe('/viewer/');
  });

  it('names the players by name, else by seat', () => {
    expect(playersOf(match('m1'))).toBe('Ana vs p2');
  });
});

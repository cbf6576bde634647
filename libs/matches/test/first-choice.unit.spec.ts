import { firstChoiceNext, matchResult } from '@matchlog/matches';

const game = (n: number, winner: string | null, extra: object = {}) => ({ game: n, ended: true, winner, draw: winner === null, ...extra });
const players = ['p1', 'p2'];
const next = (ruleset: string, games: ReturnType<typeof game>[], seats = players) => firstChoiceNext(ruleset, seats, games, matchResult(seats, 3, games));

describe('who chooses who plays first in the next game (Grand Archive Tournament Rules Guide: the loser of a game chooses)', () => {
  it('after game 1 of a best of three, its loser', () => {
    expect(next('grand-archive', [game(1, 'p1')])).toEqual({
      player: 'p2',
      rule: 'Grand Archive Tournament Rules Guide, between games: the loser of a game chooses who plays first',
    });
    expect(next('grand-archive', [game(1, 'p1'), game(2, 'p2')])?.player).toBe('p1');
  });

  it('the last game that counts: a voided game is passed over, one still going is not the last', () => {
    expect(next('grand-archive', [game(1, 'p2'), game(2, 'p2', { voided: true })])?.player).toBe('p1');
    expect(next('grand-archive', [game(1, 'p2'), { game: 2, ended: false, winner: null, draw: false }])?.player).toBe('p1');
  });

  it('none once the match is decided, after a drawn game, before any game, or at a table of three', () => {
    expect(next('grand-archive', [game(1, 'p1'), game(2, 'p1')])).toBeUndefined();
    expect(next('grand-archive', [game(1, null)])).toBeUndefined();
    expect(next('grand-archive', [])).toBeUndefined();
    expect(next('grand-archive', [game(1, 'p1')], ['p1', 'p2', 'p3'])).toBeUndefined();
  });

  it("none where the game's tournament practice names no such fact (Lorcana, Four Souls)", () => {
    expect(next('lorcana', [game(1, 'p1')])).toBeUndefined();
    expect(next('four-souls', [game(1, 'p1')])).toBeUndefined();
  });
});

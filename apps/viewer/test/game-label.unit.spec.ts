import { gameLabel } from '../src/game-label';

describe('gameLabel: one label for a game on every page', () => {
  it('"Game n of m" only where the match names its best of and the game is within it', () => {
    expect(gameLabel({ game: 2, bestOf: 3 })).toBe('Game 2 of 3');
    expect(gameLabel({ game: 1, bestOf: 1 })).toBe('Game 1 of 1');
  });

  it('"Game n" where no best of is named (never "of 3" by default), or the game is past it (single elimination plays on)', () => {
    expect(gameLabel({ game: 2 })).toBe('Game 2');
    expect(gameLabel({ game: 2, bestOf: null })).toBe('Game 2');
    expect(gameLabel({ game: 4, bestOf: 3 })).toBe('Game 4');
  });

  it('"Game –" for a game with no number, whatever its best of: never "Game ?", never a place in a list', () => {
    expect(gameLabel({})).toBe('Game –');
    expect(gameLabel({ game: null, bestOf: 3 })).toBe('Game –');
  });
});

import { GameOutcome, matchResult } from '../src/results/match-result';

const won = (winner: string, extra: Partial<GameOutcome> = {}): GameOutcome => ({ game: null, ended: true, winner, draw: false, ...extra });
const drawn = (extra: Partial<GameOutcome> = {}): GameOutcome => ({ game: null, ended: true, winner: null, draw: true, ...extra });
const playing: GameOutcome = { game: null, ended: false, winner: null, draw: false };
const abandoned: GameOutcome = { game: null, ended: true, winner: null, draw: false };
const P = ['p1', 'p2'];

describe('matchResult (Swiss end-of-match procedure)', () => {
  it('2–0 in a best of three: decided for the winner, no third game needed', () => {
    expect(matchResult(P, 3, [won('p1'), won('p1')])).toEqual({ wins: { p1: 2, p2: 0 }, draws: 0, winner: 'p1', draw: false, decided: true });
  });

  it('2–1: the player with two game wins', () => {
    expect(matchResult(P, 3, [won('p1'), won('p2'), won('p2')])).toMatchObject({ wins: { p1: 1, p2: 2 }, winner: 'p2', decided: true });
  });

  it('1–1 with a drawn third game is a drawn match', () => {
    expect(matchResult(P, 3, [won('p1'), won('p2'), drawn()])).toEqual({ wins: { p1: 1, p2: 1 }, draws: 1, winner: null, draw: true, decided: true });
  });

  it('1–0 with games still to play is undecided', () => {
    expect(matchResult(P, 3, [won('p1')])).toEqual({ wins: { p1: 1, p2: 0 }, draws: 0, winner: null, draw: false, decided: false });
  });

  it('1–1 before the third game is undecided, not a draw', () => {
    expect(matchResult(P, 3, [won('p1'), won('p2')])).toMatchObject({ draw: false, decided: false });
  });

  it('draws alone: undecided while games are left, a drawn match when none is', () => {
    expect(matchResult(P, 3, [drawn()])).toMatchObject({ draws: 1, draw: false, decided: false });
    expect(matchResult(P, 3, [drawn(), drawn(), drawn()])).toMatchObject({ draws: 3, draw: true, decided: true });
  });

  it('a drawn game and a win with one game left is still open; a 1–0–1 after time was called goes to the leader', () => {
    expect(matchResult(P, 3, [drawn(), won('p2')])).toMatchObject({ winner: null, decided: false });
    expect(matchResult(P, 3, [won('p1'), drawn({ timeCalled: true })])).toMatchObject({ winner: 'p1', decided: true });
    expect(matchResult(P, 3, [won('p1'), won('p2', { timeCalled: true })])).toMatchObject({ winner: null, draw: true, decided: true });
  });

  it('best of one: the one game decides, a drawn game is a drawn match', () => {
    expect(matchResult(P, 1, [won('p2')])).toMatchObject({ winner: 'p2', decided: true });
    expect(matchResult(P, 1, [drawn()])).toMatchObject({ winner: null, draw: true, decided: true });
    expect(matchResult(P, 1, [])).toMatchObject({ decided: false });
  });

  it('best of five: three wins decide; 2–0 with two draws is decided as no game left can change it', () => {
    expect(matchResult(P, 5, [won('p1'), won('p1')])).toMatchObject({ decided: false });
    expect(matchResult(P, 5, [won('p1'), won('p2'), won('p1'), won('p1')])).toMatchObject({ wins: { p1: 3, p2: 1 }, winner: 'p1', decided: true });
    expect(matchResult(P, 5, [won('p1'), drawn(), won('p1'), drawn()])).toMatchObject({ winner: 'p1', decided: true });
    expect(matchResult(P, 5, [won('p1'), drawn(), drawn(), drawn()])).toMatchObject({ winner: null, decided: false });
  });

  it('a game in progress keeps the match undecided, even when it is the last one possible', () => {
    expect(matchResult(P, 3, [won('p1'), won('p2'), playing])).toMatchObject({ winner: null, draw: false, decided: false });
    expect(matchResult(P, 1, [playing])).toMatchObject({ decided: false });
    expect(matchResult(P, 3, [won('p1'), { ...playing, timeCalled: true }])).toMatchObject({ decided: false });
  });

  it('a game ended with neither a winner nor a draw is void: it takes no game of the best of; a winner who is not a player counts for nobody', () => {
    expect(matchResult(P, 1, [abandoned])).toEqual({ wins: { p1: 0, p2: 0 }, draws: 0, winner: null, draw: false, decided: false });
    expect(matchResult(P, 3, [won('p1'), abandoned, won('p2')])).toMatchObject({ wins: { p1: 1, p2: 1 }, draw: false, decided: false });
    expect(matchResult(P, 3, [won('p9'), won('p1'), won('p1')])).toMatchObject({ wins: { p1: 2, p2: 0 }, winner: 'p1' });
  });

  it('two matches recording the same game number: nothing is decided, and the slip names the number', () => {
    expect(matchResult(P, 3, [won('p1', { game: 1 }), won('p2', { game: 2 }), won('p2', { game: 2 })])).toEqual({
      wins: { p1: 1, p2: 2 },
      draws: 0,
      winner: null,
      draw: false,
      decided: false,
      duplicateGames: [2],
    });
  });

  it('single elimination has no drawn match: 1–1 and a drawn third game plays on, and a fourth game can decide it', () => {
    expect(matchResult(P, 3, [won('p1'), won('p2'), drawn({ timeCalled: true })], true)).toEqual({ wins: { p1: 1, p2: 1 }, draws: 1, winner: null, draw: false, decided: false });
    expect(matchResult(P, 3, [won('p1'), won('p2'), drawn(), won('p2')], true)).toMatchObject({ winner: 'p2', decided: true });
    expect(matchResult(P, 3, [won('p1'), won('p2'), drawn({ timeCalled: true })])).toMatchObject({ draw: true, decided: true });
  });
});

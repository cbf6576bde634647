import { GameOutcome, duplicatesAmong, matchResult } from '../src/results/match-result';

const won = (winner: string, extra: Partial<GameOutcome> = {}): GameOutcome => ({ game: null, ended: true, winner, draw: false, ...extra });
const drawn = (extra: Partial<GameOutcome> = {}): GameOutcome => ({ game: null, ended: true, winner: null, draw: true, ...extra });
const playing: GameOutcome = { game: null, ended: false, winner: null, draw: false };
const abandoned: GameOutcome = { game: null, ended: true, winner: null, draw: false };
const P = ['p1', 'p2'];
/** the games numbered 1, 2, 3 … in the order given, as a table records them (a game that names its number keeps it) */
const inOrder = (players: string[], bestOf: number, games: GameOutcome[], singleElimination?: boolean) =>
  matchResult(
    players,
    bestOf,
    games.map((game, i) => (game.game === null ? { ...game, game: i + 1 } : game)),
    singleElimination,
  );

describe('matchResult (Swiss end-of-match procedure)', () => {
  it('2–0 in a best of three: decided for the winner, no third game needed', () => {
    expect(inOrder(P, 3, [won('p1'), won('p1')])).toEqual({ wins: { p1: 2, p2: 0 }, draws: 0, winner: 'p1', draw: false, decided: true });
  });

  it('2–1: the player with two game wins', () => {
    expect(inOrder(P, 3, [won('p1'), won('p2'), won('p2')])).toMatchObject({ wins: { p1: 1, p2: 2 }, winner: 'p2', decided: true });
  });

  it('1–1 with a drawn third game is a drawn match', () => {
    expect(inOrder(P, 3, [won('p1'), won('p2'), drawn()])).toEqual({ wins: { p1: 1, p2: 1 }, draws: 1, winner: null, draw: true, decided: true });
  });

  it('1–0 with games still to play is undecided', () => {
    expect(inOrder(P, 3, [won('p1')])).toEqual({ wins: { p1: 1, p2: 0 }, draws: 0, winner: null, draw: false, decided: false });
  });

  it('1–1 before the third game is undecided, not a draw', () => {
    expect(inOrder(P, 3, [won('p1'), won('p2')])).toMatchObject({ draw: false, decided: false });
  });

  it('draws alone: undecided while games are left, a drawn match when none is', () => {
    expect(inOrder(P, 3, [drawn()])).toMatchObject({ draws: 1, draw: false, decided: false });
    expect(inOrder(P, 3, [drawn(), drawn(), drawn()])).toMatchObject({ draws: 3, draw: true, decided: true });
  });

  it('a drawn game and a win with one game left is still open; a 1–0–1 after time was called goes to the leader', () => {
    expect(inOrder(P, 3, [drawn(), won('p2')])).toMatchObject({ winner: null, decided: false });
    expect(inOrder(P, 3, [won('p1'), drawn({ timeCalled: true })])).toMatchObject({ winner: 'p1', decided: true });
    expect(inOrder(P, 3, [won('p1'), won('p2', { timeCalled: true })])).toMatchObject({ winner: null, draw: true, decided: true });
  });

  it('best of one: the one game decides, a drawn game is a drawn match', () => {
    expect(inOrder(P, 1, [won('p2')])).toMatchObject({ winner: 'p2', decided: true });
    expect(inOrder(P, 1, [drawn()])).toMatchObject({ winner: null, draw: true, decided: true });
    expect(inOrder(P, 1, [])).toMatchObject({ decided: false });
  });

  it('best of five: three wins decide; 2–0 with two draws is decided as no game left can change it', () => {
    expect(inOrder(P, 5, [won('p1'), won('p1')])).toMatchObject({ decided: false });
    expect(inOrder(P, 5, [won('p1'), won('p2'), won('p1'), won('p1')])).toMatchObject({ wins: { p1: 3, p2: 1 }, winner: 'p1', decided: true });
    expect(inOrder(P, 5, [won('p1'), drawn(), won('p1'), drawn()])).toMatchObject({ winner: 'p1', decided: true });
    expect(inOrder(P, 5, [won('p1'), drawn(), drawn(), drawn()])).toMatchObject({ winner: null, decided: false });
  });

  it('a game in progress keeps the match undecided, even when it is the last one possible', () => {
    expect(inOrder(P, 3, [won('p1'), won('p2'), playing])).toMatchObject({ winner: null, draw: false, decided: false });
    expect(inOrder(P, 1, [playing])).toMatchObject({ decided: false });
    expect(inOrder(P, 3, [won('p1'), { ...playing, timeCalled: true }])).toMatchObject({ decided: false });
  });

  it('a game ended with neither a winner nor a draw is void: it takes no game of the best of; a winner who is not a player counts for nobody', () => {
    expect(inOrder(P, 1, [abandoned])).toEqual({ wins: { p1: 0, p2: 0 }, draws: 0, winner: null, draw: false, decided: false });
    expect(inOrder(P, 3, [won('p1'), abandoned, won('p2')])).toMatchObject({ wins: { p1: 1, p2: 1 }, draw: false, decided: false });
    expect(inOrder(P, 3, [won('p9'), won('p1'), won('p1')])).toMatchObject({ wins: { p1: 2, p2: 0 }, winner: 'p1' });
  });

  it('two matches recording the same game number: nothing is decided, the slip names the number, and neither copy counts', () => {
    expect(inOrder(P, 3, [won('p1', { game: 1 }), won('p2', { game: 2 }), won('p2', { game: 2 })])).toEqual({
      wins: { p1: 1, p2: 0 },
      draws: 0,
      winner: null,
      draw: false,
      decided: false,
      duplicateGames: [2],
    });
  });

  it('single elimination has no drawn match: 1–1 and a drawn third game plays on, and a fourth game can decide it', () => {
    expect(inOrder(P, 3, [won('p1'), won('p2'), drawn({ timeCalled: true })], true)).toEqual({ wins: { p1: 1, p2: 1 }, draws: 1, winner: null, draw: false, decided: false });
    expect(inOrder(P, 3, [won('p1'), won('p2'), drawn(), won('p2')], true)).toMatchObject({ winner: 'p2', decided: true });
    expect(inOrder(P, 3, [won('p1'), won('p2'), drawn({ timeCalled: true })])).toMatchObject({ draw: true, decided: true });
  });

  it('six games recorded at one table without game numbers are not "p1 6–0, decided": the first counts, the other five are duplicates and decide nothing', () => {
    const six = Array.from({ length: 6 }, () => won('p1'));
    expect(matchResult(P, 3, six)).toEqual({ wins: { p1: 1, p2: 0 }, draws: 0, winner: null, draw: false, decided: false, unnumberedDuplicates: 5 });
    expect(duplicatesAmong(six)).toEqual([false, true, true, true, true, true]);
  });

  it('a game without a number at a table that has numbered games is a duplicate, even in a best of one', () => {
    expect(matchResult(P, 1, [won('p2', { game: 1 }), won('p1')])).toEqual({
      wins: { p1: 0, p2: 1 },
      draws: 0,
      winner: null,
      draw: false,
      decided: false,
      unnumberedDuplicates: 1,
    });
    expect(matchResult(P, 1, [won('p2')])).toMatchObject({ winner: 'p2', decided: true });
  });

  it('a void game counts for nothing and is no duplicate: voiding the copies decides the match again', () => {
    expect(matchResult(P, 3, [won('p1'), won('p1', { voided: true }), won('p1', { voided: true })])).toEqual({
      wins: { p1: 1, p2: 0 },
      draws: 0,
      winner: null,
      draw: false,
      decided: false,
    });
    expect(matchResult(P, 1, [won('p1', { voided: true }), won('p2')])).toMatchObject({ wins: { p1: 0, p2: 1 }, winner: 'p2', decided: true });
    expect(duplicatesAmong([won('p1', { voided: true }), won('p2')])).toEqual([false, false]);
  });

  it('a numbered game recorded twice is decided again once one copy is void; a void match alone decides nothing', () => {
    const twice = [won('p1', { game: 1 }), won('p1', { game: 2 }), won('p1', { game: 1 }), won('p1', { game: 2 })];
    expect(matchResult(P, 3, twice)).toMatchObject({ wins: { p1: 0, p2: 0 }, draws: 0, decided: false, duplicateGames: [1, 2] });
    expect(duplicatesAmong(twice)).toEqual([true, true, true, true]);
    const voided = twice.map((game, i) => (i >= 2 ? { ...game, voided: true } : game));
    expect(matchResult(P, 3, voided)).toEqual({ wins: { p1: 2, p2: 0 }, draws: 0, winner: 'p1', draw: false, decided: true });
    expect(matchResult(P, 1, [won('p1', { voided: true })])).toEqual({ wins: { p1: 0, p2: 0 }, draws: 0, winner: null, draw: false, decided: false });
  });

  it("the README's best of three recorded twice: six duplicates, so no win and no draw is counted, and voiding one run counts the other's three games", () => {
    const run = [won('p1', { game: 1 }), won('p2', { game: 2 }), drawn({ game: 3, timeCalled: true })];
    const doubled = [run[0], run[0], run[1], run[1], run[2], run[2]];
    expect(duplicatesAmong(doubled)).toEqual([true, true, true, true, true, true]);
    expect(matchResult(P, 3, doubled)).toEqual({ wins: { p1: 0, p2: 0 }, draws: 0, winner: null, draw: false, decided: false, duplicateGames: [1, 2, 3] });
    const voided = doubled.map((game, i) => (i % 2 === 0 ? { ...game, voided: true } : game));
    expect(matchResult(P, 3, voided)).toEqual({ wins: { p1: 1, p2: 1 }, draws: 1, winner: null, draw: true, decided: true });
  });

  it('a duplicate draw and a void draw count in no draws', () => {
    expect(matchResult(P, 3, [drawn({ game: 1 }), drawn({ game: 1 })])).toMatchObject({ draws: 0, decided: false, duplicateGames: [1] });
    expect(matchResult(P, 3, [drawn({ game: 1, voided: true }), won('p1', { game: 2 })])).toMatchObject({ wins: { p1: 1, p2: 0 }, draws: 0 });
    expect(matchResult(P, 3, [drawn({ game: 1 }), drawn()])).toMatchObject({ draws: 1, unnumberedDuplicates: 1 });
  });
});

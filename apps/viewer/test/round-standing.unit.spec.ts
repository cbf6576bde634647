import { matchResult } from '@matchlog/matches';
import { Table, resultOf } from '../src/round-standing';

const PLAYERS = [
  { id: 'p1', name: 'Ana Ortiz' },
  { id: 'p2', name: 'Ben Kowalski' },
  { id: 'p3', name: 'Cy Park' },
  { id: 'p4', name: 'Di Moreau' },
];
const game = (n: number, winner: string | null) => ({ game: n, ended: true, winner, draw: false });

/** A table as GET /rounds/results has it, its result from the server's own matchResult. */
const tableOf = (seats: number, bestOf: number, games: { game: number; ended: boolean; winner: string | null; draw: boolean }[]): Table => {
  const players = PLAYERS.slice(0, seats);
  return {
    table: 4,
    players,
    bestOf,
    games: games.map((g) => ({ ...g, matchId: `m-g${g.game}`, voided: false, duplicate: false, timeExtensions: { count: 0, seconds: 0 } })),
    result: matchResult(
      players.map((p) => p.id),
      bestOf,
      games,
    ),
  };
};

describe("the round page's standing of a table of two, three or four", () => {
  it('two players face to face: "Ana Ortiz 2–1 Ben Kowalski", and who took the match', () => {
    const { score, outcome } = resultOf(tableOf(2, 3, [game(1, 'p1'), game(2, 'p2'), game(3, 'p1')]));
    expect(score).toBe('Ana Ortiz 2–1 Ben Kowalski');
    expect(outcome).toBe('Ana Ortiz wins the match');
  });

  it('four at a Four Souls table: every seat with its wins in seat order; the one game decides it', () => {
    const { score, outcome } = resultOf(tableOf(4, 1, [game(1, 'p3')]));
    expect(score).toBe('Ana Ortiz 0 · Ben Kowalski 0 · Cy Park 1 · Di Moreau 0');
    expect(outcome).toBe('Cy Park wins the match');
  });

  it('three, the game still live: nobody has a win and the table is in progress', () => {
    const { score, outcome } = resultOf(tableOf(3, 1, [{ game: 1, ended: false, winner: null, draw: false }]));
    expect(score).toBe('Ana Ortiz 0 · Ben Kowalski 0 · Cy Park 0');
    expect(outcome).toBe('in progress');
  });
});

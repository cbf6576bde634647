import { gameLine } from '../src/pages/round/state';
import type { Table } from '../src/round-standing';

const table = { table: 3, players: [{ id: 'p1', name: 'Ana' }, { id: 'p2' }], bestOf: 3, games: [], result: {} } as unknown as Table;
const game = (fields: Partial<Table['games'][number]>) =>
  ({
    game: 1,
    matchId: 'm',
    ended: true,
    winner: null,
    draw: false,
    voided: false,
    duplicate: false,
    timeExtensions: { count: 0, seconds: 0 },
    ...fields,
  }) as Table['games'][number];

describe("the round's slip, one game", () => {
  it('says who won by name, a draw, an end without a winner, or that it is still played', () => {
    const lines = [game({ winner: 'p1' }), game({ winner: 'p2' }), game({ draw: true }), game({}), game({ ended: false })].map((g) => gameLine(table, g).result);
    expect(lines[0]).toContain('Ana');
    expect(lines[1]).toContain('p2');
    expect(new Set(lines).size).toBe(5);
  });

  it('marks a void game void even when it is also a duplicate, and a duplicate otherwise', () => {
    expect(gameLine(table, game({ voided: true, duplicate: true })).mark).toBe('void');
    expect(gameLine(table, game({ duplicate: true })).mark).toBe('duplicate');
    expect(gameLine(table, game({})).mark).toBeNull();
  });
});

import { RoundResults, RoundResultsGame } from './round-results';

const HEADER = ['table', 'player1', 'player1_name', 'player2', 'player2_name', 'player1_wins', 'player2_wins', 'draws', 'result', 'decided', 'games', 'duplicates', 'void'];

/**
 * A field as RFC 4180 has it (quoted when it holds a comma, a quote or a line break; quotes doubled),
 * and never a formula: a spreadsheet would run a field starting with =, +, - or @ (a player's name),
 * so such a field gets a leading '. So does one starting with a form that folds to one of them (NFKC: the fullwidth
 * ＝ ＋ － ＠, the small ﹦ ﹢ ﹣ ﹫), for a spreadsheet that folds them.
 */
export const csvField = (value: string): string => {
  const first = String.fromCodePoint(value.codePointAt(0) ?? 32).normalize('NFKC');
  const safe = /^[=+\-@\t\r]/.test(value) || /^[=+\-@]/.test(first) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/**
 * The slip as CSV, one row per table: the players by id and name, their game wins, the draws, the
 * result (the winner's id, `draw`, or empty while undecided), whether it is decided, each game's
 * outcome in game order separated by `;` (a winner's id, `draw`, `void` for a voided game, or empty for
 * a game not ended), then the match ids of the duplicate games (to void, or record with their number)
 * and of the voided ones.
 */
export const roundResultsCsv = (results: RoundResults): string => {
  const rows = results.tables.map((table) => {
    const [first, second] = table.players;
    const outcome = table.result.winner ?? (table.result.draw ? 'draw' : '');
    const games = table.games.map((game) => (game.voided ? 'void' : game.draw ? 'draw' : (game.winner ?? ''))).join(';');
    const matchIds = (which: (game: RoundResultsGame) => boolean) =>
      table.games
        .filter(which)
        .map((game) => game.matchId)
        .join(';');
    return [
      table.table === null ? '' : String(table.table),
      first?.id ?? '',
      first?.name ?? '',
      second?.id ?? '',
      second?.name ?? '',
      String(first ? (table.result.wins[first.id] ?? 0) : 0),
      String(second ? (table.result.wins[second.id] ?? 0) : 0),
      String(table.result.draws),
      outcome,
      String(table.result.decided),
      games,
      matchIds((game) => game.duplicate),
      matchIds((game) => game.voided),
    ];
  });
  return [HEADER, ...rows].map((row) => row.map(csvField).join(',') + '\r\n').join('');
};

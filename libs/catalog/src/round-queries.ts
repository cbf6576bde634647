import { CatalogTables } from './catalog-schema';
import { CatalogDb } from './open-catalog';
import { HoldBack, asSeenBy } from './hold-back';

type CatalogRow = CatalogTables['matches'];

/** One game of a table's match, as the catalog records it. */
export interface RoundGame {
  readonly matchId: string;
  /** MatchCreated.game: the game played, e.g. "grand-archive" */
  readonly ruleset: string;
  /** MatchCreated.tournament.game; null when the match named none */
  readonly game: number | null;
  /** MatchCreated.tournament.bestOf as recorded; null when absent (the default applies) */
  readonly bestOf: number | null;
  readonly format: string | null;
  readonly ended: boolean;
  readonly winner: string | null;
  readonly draw: boolean;
  /** TimeCalled was recorded in this game: no game of the match starts after it */
  readonly timeCalled: boolean;
  /** MatchCreated.tournament.singleElimination */
  readonly singleElimination: boolean;
  /** MatchVoided: the game decides nothing */
  readonly voided: boolean;
}

/** The games played at one table of a round, by the same players. */
export interface RoundTable {
  readonly table: number | null;
  /** in seat order of the table's first game */
  readonly players: readonly { readonly id: string; readonly name: string | null }[];
  /** by game number (a game without one last), then by start */
  readonly games: readonly RoundGame[];
}

/**
 * The tables of a round: its matches grouped by table number and players (the same table number with
 * other players is another table's match, recorded under a wrong number, and is kept apart; a match
 * with no table number joins the games of the same players). Sorted by table number, tables with none last.
 * `holdBack`: as that reader sees them (a game the delay still holds back whole is not there; none: every head).
 */
export const roundResults = async (db: CatalogDb, event: string, round: number, holdBack?: HoldBack): Promise<RoundTable[]> => {
  const all = await db.selectFrom('matches').selectAll().where('tournament_event', '=', event).where('round', '=', round).orderBy('started_at').orderBy('match_id').execute();
  const rows = all.map((row) => asSeenBy(row, holdBack)).filter((row): row is CatalogRow => row !== null);
  return groupIntoTables(rows, await playersOf(db, rows));
};

/** The games of the match `matchId` belongs to (same event, round, table and players), itself included; none when it names no event, round and table. */
export const gamesOfSameTable = async (db: CatalogDb, matchId: string): Promise<RoundTable | null> => {
  const row = await db.selectFrom('matches').selectAll().where('match_id', '=', matchId).executeTakeFirst();
  if (row === undefined || row.tournament_event === null || row.round === null || row.table_number === null) return null;
  const rows = await db
    .selectFrom('matches')
    .selectAll()
    .where('tournament_event', '=', row.tournament_event)
    .where('round', '=', row.round)
    .where('table_number', '=', row.table_number)
    .orderBy('started_at')
    .orderBy('match_id')
    .execute();
  const players = await playersOf(db, rows);
  const key = tableKey(row, players.get(row.match_id) ?? []);
  return groupIntoTables(rows, players).find((table) => tableKey(row, table.players) === key) ?? null;
};

type Players = Map<string, { id: string; name: string | null }[]>;

const playersOf = async (db: CatalogDb, rows: readonly CatalogRow[]): Promise<Players> => {
  const byMatch: Players = new Map(rows.map((row) => [row.match_id, []]));
  if (rows.length === 0) return byMatch;
  const players = await db
    .selectFrom('match_players')
    .selectAll()
    .where(
      'match_id',
      'in',
      rows.map((row) => row.match_id),
    )
    .orderBy('match_id')
    .orderBy('seat')
    .execute();
  for (const player of players) byMatch.get(player.match_id)?.push({ id: player.player_id, name: player.name });
  return byMatch;
};

const tableKey = (row: CatalogRow, players: readonly { id: string }[]): string => JSON.stringify([row.table_number, players.map((player) => player.id).sort()]);

const groupIntoTables = (rows: readonly CatalogRow[], players: Players): RoundTable[] => {
  const tables = new Map<string, { table: number | null; players: { id: string; name: string | null }[]; games: { row: CatalogRow; game: RoundGame }[] }>();
  for (const row of rows) {
    const seats = players.get(row.match_id) ?? [];
    const key = tableKey(row, seats);
    let table = tables.get(key);
    if (table === undefined) tables.set(key, (table = { table: row.table_number, players: seats, games: [] }));
    table.games.push({ row, game: gameOf(row) });
  }
  return [...tables.values()]
    .map((table) => ({ table: table.table, players: table.players, games: table.games.sort(byGameNumber).map(({ game }) => game) }))
    .sort((a, b) => (a.table ?? Infinity) - (b.table ?? Infinity) || (a.players[0]?.id ?? '').localeCompare(b.players[0]?.id ?? ''));
};

const byGameNumber = (a: { row: CatalogRow }, b: { row: CatalogRow }): number =>
  (a.row.game_number ?? Infinity) - (b.row.game_number ?? Infinity) || a.row.started_at.localeCompare(b.row.started_at) || a.row.match_id.localeCompare(b.row.match_id);

const gameOf = (row: CatalogRow): RoundGame => ({
  matchId: row.match_id,
  ruleset: row.game,
  game: row.game_number,
  bestOf: row.best_of,
  format: row.format,
  ended: row.status === 'ended',
  winner: row.winner,
  draw: Number(row.draw) === 1,
  timeCalled: Number(row.time_called) === 1,
  singleElimination: Number(row.single_elimination) === 1,
  voided: Number(row.voided) === 1,
});

/** A game of an event, as numbering the next game of its series needs it. */
export interface EventGame {
  readonly matchId: string;
  /** when its MatchCreated was recorded */
  readonly startedAt: string;
  /** MatchCreated.tournament.game; null when the match named none */
  readonly game: number | null;
  /** MatchCreated.tournament.bestOf as recorded; null when absent (the default applies) */
  readonly bestOf: number | null;
  readonly singleElimination: boolean;
}

/** The matches an event holds, in the order they began: the games of a series imported game by game. */
export const matchStartsOfEvent = async (db: CatalogDb, event: string): Promise<EventGame[]> =>
  (
    await db
      .selectFrom('matches')
      .select(['match_id', 'started_at', 'game_number', 'best_of', 'single_elimination'])
      .where('tournament_event', '=', event)
      .orderBy('started_at')
      .orderBy('match_id')
      .execute()
  ).map((row) => ({
    matchId: row.match_id,
    startedAt: row.started_at,
    game: row.game_number,
    bestOf: row.best_of,
    singleElimination: Number(row.single_elimination) === 1,
  }));

import { CatalogTables } from './catalog-schema';
import { CatalogDb } from './open-catalog';
import { atEvent, playedBy } from './catalog-search';
import { HoldBack, asSeenBy, endedRow, isHeldBack, visibleRow } from './hold-back';

type CatalogRow = CatalogTables['matches'];

export interface MatchSummary {
  readonly matchId: string;
  readonly game: string;
  readonly players: readonly { readonly id: string; readonly name: string | null }[];
  /** MatchCreated.tournament: the event, round and table; which game of the table's match (`game`), of how many (`bestOf`); null where it names none */
  readonly tournament: {
    readonly event: string | null;
    readonly round: number | null;
    readonly table: number | null;
    readonly game: number | null;
    readonly bestOf: number | null;
  };
  readonly status: 'live' | 'ended';
  readonly winner: string | null;
  /** MatchEnded.draw: the game ended drawn */
  readonly draw: boolean;
  readonly endReason: string | null;
  /** voided by the organizer (MatchVoided): it decides nothing */
  readonly voided: boolean;
  readonly startedAt: string;
  readonly endedAt: string | null;
  readonly eventCount: number;
  readonly revision: number;
}

export interface MatchFilter {
  /** a player's seat id, or part of their name in any case, accents optional */
  readonly player?: string;
  readonly game?: string;
  /** part of the tournament event's name, in any case, accents optional */
  readonly event?: string;
  readonly round?: number;
  readonly status?: 'live' | 'ended';
  /** started at or after (ISO 8601) */
  readonly from?: string;
  /** started before (ISO 8601) */
  readonly to?: string;
}

export interface MatchPage {
  readonly matches: MatchSummary[];
  /** pass as `cursor` for the next, older page; null on the last page */
  readonly nextCursor: string | null;
}

/** A page as a reader held back from some of its matches sees it (hold-back.ts), and which of them are held back: their revision is the catalog's lower bound. */
export interface HeldBackPage extends MatchPage {
  readonly heldBack: readonly string[];
}

const encodeCursor = (startedAt: string, matchId: string) => Buffer.from(JSON.stringify([startedAt, matchId])).toString('base64url');

/** The position a cursor names, or null when it is not one this API handed out. */
export const decodeCursor = (cursor: string): [string, string] | null => {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string') ? (value as [string, string]) : null;
  } catch {
    return null;
  }
};

/** Newest first; `cursor` continues after the last match of the previous page. `holdBack`: as that reader sees them (none: every head). */
export const listMatches = async (db: CatalogDb, filter: MatchFilter, limit: number, cursor?: [string, string], holdBack?: HoldBack): Promise<HeldBackPage> => {
  const rows = await matchListQuery(db, filter, limit + 1, cursor, holdBack).execute();
  const page = rows.slice(0, limit);
  // the query left out every row the reader does not see at all: asSeenBy only hides facts
  const matches = await withPlayers(
    db,
    page.map((row) => asSeenBy(row, holdBack) ?? row),
  );
  const last = page[page.length - 1];
  return {
    matches,
    nextCursor: rows.length > limit && last ? encodeCursor(last.started_at, last.match_id) : null,
    heldBack: page.filter((row) => isHeldBack(row, holdBack)).map((row) => row.match_id),
  };
};

/** The query behind listMatches, up to `limit` rows (exported so a test can ask each engine for its plan). */
export const matchListQuery = (db: CatalogDb, filter: MatchFilter, limit: number, cursor?: [string, string], holdBack?: HoldBack) => {
  let query = db.selectFrom('matches').selectAll();
  if (holdBack !== undefined) query = query.where((eb) => visibleRow(eb, holdBack));
  if (filter.player !== undefined) {
    const player = filter.player;
    query = query.where((eb) => playedBy(db, eb.ref('matches.match_id'), player));
  }
  if (filter.game !== undefined) query = query.where('game', '=', filter.game);
  if (filter.event !== undefined) {
    const event = filter.event;
    query = query.where((eb) => atEvent(eb.ref('event_key'), event));
  }
  if (filter.round !== undefined) query = query.where('round', '=', filter.round);
  if (filter.status !== undefined) {
    const ended = filter.status === 'ended';
    // held back, a match ends for the reader only once its MatchEnded is shown
    query = holdBack === undefined ? query.where('status', '=', filter.status) : query.where((eb) => (ended ? endedRow(eb, holdBack) : eb.not(endedRow(eb, holdBack))));
  }
  if (filter.from !== undefined) query = query.where('started_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('started_at', '<', filter.to);
  if (cursor) {
    const [startedAt, matchId] = cursor;
    query = query.where((eb) => eb.or([eb('started_at', '<', startedAt), eb.and([eb('started_at', '=', startedAt), eb('match_id', '<', matchId)])]));
  }
  return query.orderBy('started_at', 'desc').orderBy('match_id', 'desc').limit(limit);
};

/** The match's summary; null when there is none, or `holdBack`'s reader does not see it yet. */
export const findMatch = async (db: CatalogDb, matchId: string, holdBack?: HoldBack): Promise<MatchSummary | null> => {
  const row = await db.selectFrom('matches').selectAll().where('match_id', '=', matchId).executeTakeFirst();
  const seen = row && asSeenBy(row, holdBack);
  return seen ? (await withPlayers(db, [seen]))[0] : null;
};

const withPlayers = async (db: CatalogDb, rows: readonly CatalogRow[]): Promise<MatchSummary[]> => {
  if (rows.length === 0) return [];
  const players = await db
    .selectFrom('match_players')
    .selectAll()
    .where(
      'match_id',
      'in',
      rows.map((row) => row.match_id),
    )
    .orderBy('seat')
    .execute();
  return rows.map((row) => ({
    matchId: row.match_id,
    game: row.game,
    players: players.filter((p) => p.match_id === row.match_id).map((p) => ({ id: p.player_id, name: p.name })),
    tournament: { event: row.tournament_event, round: row.round, table: row.table_number, game: row.game_number, bestOf: row.best_of },
    status: row.status,
    winner: row.winner,
    draw: Number(row.draw) === 1,
    endReason: row.end_reason,
    voided: Number(row.voided) === 1,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    eventCount: row.event_count,
    revision: row.last_revision,
  }));
};

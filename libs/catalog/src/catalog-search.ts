import { Expression, Kysely, PostgresAdapter, SqlBool, Transaction, sql } from 'kysely';
import { CatalogTables } from './catalog-schema';
import { globContaining, likeContaining } from './search-key';

const onPostgres = (db: Kysely<CatalogTables>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The matches a player played: by seat id, whole, or by part of their name's search key. PostgreSQL
 * finds the key by its trigram index (LIKE); SQLite by its FTS5 trigram table (GLOB), see migration 008.
 */
export const playedBy = (db: Kysely<CatalogTables>, matchId: Expression<string>, player: string): Expression<SqlBool> =>
  onPostgres(db)
    ? sql<SqlBool>`${matchId} in (select match_id from match_players where player_id = ${player} or name_key like ${likeContaining(player)} escape '\\')`
    : sql<SqlBool>`${matchId} in (select match_id from match_players where player_id = ${player} union all select match_id from match_players_search where name_key glob ${globContaining(player)})`;

/**
 * The matches whose tournament event's name has `event` in it (its search key). PostgreSQL finds the
 * key by its trigram index; SQLite checks it on each match as it walks them newest first: an event's
 * name is on hundreds of matches, so the page fills early (a trigram table would list them all first).
 */
export const atEvent = (eventKey: Expression<string | null>, event: string): Expression<SqlBool> => sql<SqlBool>`${eventKey} like ${likeContaining(event)} escape '\\'`;

/** Empties SQLite's search table with the catalog (PostgreSQL's indexes need nothing). */
export const clearSearch = async (trx: Transaction<CatalogTables>): Promise<void> => {
  if (onPostgres(trx)) return;
  await sql`delete from match_players_search`.execute(trx);
};

import { Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * GET /matches?player=…&event=… match part of a name, in any case and with or without accents: each
 * name is stored again as its search key (libs/catalog/src/search-key.ts), which the query compares
 * with `LIKE '%…%'`. What serves that query:
 * - PostgreSQL: a GIN trigram index (pg_trgm, a trusted extension: the database's owner may create
 *   it) on each key. It finds a key from any 3 characters of the text typed; a shorter text scans.
 * - SQLite: no B-tree seeks a substring. A player's key is read from a covering index (name key, seat
 *   id, match id), a smaller read than the table; an event's key is checked while the matches are
 *   walked newest first (matches_by_start), stopping once the page is full.
 * The rows already here have no keys, so the checkpoint's store id is cleared: the feeder empties
 * the catalog once and feeds it again from the log (as migration 007 does).
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable('match_players').addColumn('name_key', 'text').execute();
  await db.schema.alterTable('matches').addColumn('event_key', 'text').execute();
  await db.schema.dropIndex('match_players_by_name').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index match_players_by_name_key on match_players using gin (name_key gin_trgm_ops)`.execute(db);
    await sql`create index matches_by_event_key on matches using gin (event_key gin_trgm_ops)`.execute(db);
  } else {
    await db.schema.createIndex('match_players_by_name_key').on('match_players').columns(['name_key', 'player_id', 'match_id']).execute();
  }
  await db.updateTable('checkpoints').set({ store_id: null }).execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropIndex('match_players_by_name_key').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await db.schema.dropIndex('matches_by_event_key').execute();
  await db.schema
    .createIndex('match_players_by_name')
    .on('match_players')
    .expression(sql`lower(name)`)
    .execute();
  await db.schema.alterTable('matches').dropColumn('event_key').execute();
  await db.schema.alterTable('match_players').dropColumn('name_key').execute();
};

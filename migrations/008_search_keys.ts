import { Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * GET /matches?player=…&event=… match part of a name, in any case and with or without accents: each
 * name is stored again as its search key (libs/catalog/src/search-key.ts). What serves the search:
 * - PostgreSQL: a GIN trigram index (pg_trgm, a trusted extension: the database's owner may create
 *   it) on each key, for `LIKE '%…%'`. A text of fewer than 3 characters scans.
 * - SQLite: no B-tree seeks a substring, so each player's key is also in an FTS5 trigram table, for
 *   `GLOB '*…*'`, filled by a trigger on insert and emptied with the catalog (clearCatalog). An
 *   event's key is checked on each match as they are walked newest first (matches_by_start).
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
    // case_sensitive 1: GLOB is index-assisted only then; the keys are lower case already
    await sql`create virtual table match_players_search using fts5(name_key, match_id unindexed, tokenize = 'trigram case_sensitive 1')`.execute(db);
    await sql`create trigger match_players_searchable after insert on match_players when new.name_key is not null
      begin insert into match_players_search (name_key, match_id) values (new.name_key, new.match_id); end`.execute(db);
  }
  await db.updateTable('checkpoints').set({ store_id: null }).execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.schema.dropIndex('matches_by_event_key').execute();
    await db.schema.dropIndex('match_players_by_name_key').execute();
  } else {
    await sql`drop trigger match_players_searchable`.execute(db);
    await db.schema.dropTable('match_players_search').execute();
  }
  await db.schema
    .createIndex('match_players_by_name')
    .on('match_players')
    .expression(sql`lower(name)`)
    .execute();
  await db.schema.alterTable('matches').dropColumn('event_key').execute();
  await db.schema.alterTable('match_players').dropColumn('name_key').execute();
};

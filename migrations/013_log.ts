import { Kysely, sql } from 'kysely';

/**
 * The server's transparency log (libs/matches/src/ledger): its entries in leaf order, the stored hashes
 * (golang.org/x/mod sumdb/tlog numbering), one state row with the tree size, the latest signed
 * checkpoint and when it was signed, and the published checkpoint (the one served: cosigned by the witnesses'
 * quorum, with every cosignature collected), its size and when the log signed it; and the rounds the organizer
 * closed (each slip once, integrated by the sequencer). A match's entry is unique by match and kind; a round's by
 * event, round and slip (NULLs are distinct in a unique constraint, on SQLite and PostgreSQL alike, so each kind
 * of entry keys on its own columns). Not a read model: a catalog rebuild keeps these tables, as the log only ever grows.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('log_entries')
    .addColumn('idx', 'integer', (c) => c.primaryKey())
    .addColumn('match_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer')
    .addColumn('event', 'text')
    .addColumn('round', 'integer')
    .addColumn('slip', 'text')
    .addColumn('entry', 'text', (c) => c.notNull())
    .addUniqueConstraint('log_entries_fact', ['match_id', 'kind'])
    .addUniqueConstraint('log_entries_round', ['event', 'round', 'slip'])
    .addCheckConstraint(
      'log_entries_keyed',
      sql`(kind = 'round-closed' and match_id is null and revision is null and event is not null and round is not null and slip is not null) or (kind <> 'round-closed' and match_id is not null and revision is not null and event is null and round is null and slip is null)`,
    )
    .execute();
  await db.schema
    .createTable('log_round_closes')
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('slip', 'text', (c) => c.notNull())
    .addColumn('entry', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('log_round_closes_key', ['event', 'round', 'slip'])
    .execute();
  await db.schema
    .createTable('log_hashes')
    .addColumn('idx', 'integer', (c) => c.primaryKey())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('log_state')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('checkpoint', 'text')
    .addColumn('signed_at', 'text')
    .addColumn('published', 'text')
    .addColumn('published_size', 'integer')
    .addColumn('published_at', 'text')
    .execute();
  await db.insertInto('log_state').values({ name: 'log', size: 0, checkpoint: null, signed_at: null, published: null, published_size: null, published_at: null }).execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  for (const table of ['log_round_closes', 'log_state', 'log_hashes', 'log_entries']) await db.schema.dropTable(table).execute();
};

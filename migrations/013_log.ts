import { Kysely } from 'kysely';

/**
 * The server's transparency log (libs/matches/src/ledger): its entries in leaf order, the stored hashes
 * (golang.org/x/mod sumdb/tlog numbering) and one state row with the tree size, the latest signed
 * checkpoint and when it was signed, and the published checkpoint (the one served: cosigned by the witnesses'
 * quorum, with every cosignature collected), its size and when the log signed it. Not a read model: a catalog rebuild keeps these tables, as the log only ever grows.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('log_entries')
    .addColumn('idx', 'integer', (c) => c.primaryKey())
    .addColumn('match_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('entry', 'text', (c) => c.notNull())
    .addUniqueConstraint('log_entries_fact', ['match_id', 'kind'])
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
  for (const table of ['log_state', 'log_hashes', 'log_entries']) await db.schema.dropTable(table).execute();
};

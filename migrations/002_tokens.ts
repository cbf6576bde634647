import { Kysely } from 'kysely';

/** Bearer tokens per match, stored as SHA-256 hashes. Not a read model: a rebuild keeps them. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('match_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('match_id', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('player_id', 'text')
    .execute();
  await db.schema.createIndex('match_tokens_by_match').on('match_tokens').columns(['match_id']).execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('match_tokens').execute();
};

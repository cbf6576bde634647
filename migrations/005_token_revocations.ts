import { Kysely } from 'kysely';

/**
 * Revoked token hashes, kept as tombstones: a TokensIssued projected after its TokensRevoked was
 * applied (the write path applies revocations directly when the feeder is slow) can not revive the
 * token, and the guard refuses a hash found here whatever match_tokens holds. Projected from the log.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('token_revocations')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('match_id', 'text', (c) => c.notNull())
    .execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('token_revocations').execute();
};

import { Kysely } from 'kysely';

/**
 * Tokens are now recorded in the event log (a `tokens@<matchId>` stream) and projected here, so a
 * rebuild restores them. `from_log` tells those rows from tokens issued before, which exist only here.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .alterTable('match_tokens')
    .addColumn('from_log', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable('match_tokens').dropColumn('from_log').execute();
};

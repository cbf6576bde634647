import { Kysely } from 'kysely';

/**
 * Void matches (MatchVoided): the round's result slip lists one as void and counts nothing of it. No
 * match was voided before this column, so the rows already here need nothing from the log.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .alterTable('matches')
    .addColumn('voided', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable('matches').dropColumn('voided').execute();
};

import { Kysely, sql } from 'kysely';

/** GET /matches?player= finds a player by name, in any case, as well as by seat id. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createIndex('match_players_by_name')
    .on('match_players')
    .expression(sql`lower(name)`)
    .execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropIndex('match_players_by_name').execute();
};

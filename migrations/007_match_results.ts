import { Kysely } from 'kysely';

/**
 * Round results (GET /rounds/results) and deck checks across games: each match's place in its
 * table's match (`game_number`, `best_of`, `format` from MatchCreated.tournament), whether its game
 * was drawn (MatchEnded.draw) and whether time was called in it (TimeCalled: the match's last game).
 * The rows already here lack them, so the checkpoint's store id is cleared: the feeder empties the
 * catalog once and feeds it again from the log, as it does one fed from another store.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable('matches').addColumn('game_number', 'integer').execute();
  await db.schema.alterTable('matches').addColumn('best_of', 'integer').execute();
  await db.schema.alterTable('matches').addColumn('format', 'text').execute();
  await db.schema
    .alterTable('matches')
    .addColumn('draw', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('matches')
    .addColumn('time_called', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('matches')
    .addColumn('single_elimination', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.updateTable('checkpoints').set({ store_id: null }).execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  for (const column of ['single_elimination', 'time_called', 'draw', 'format', 'best_of', 'game_number']) await db.schema.alterTable('matches').dropColumn(column).execute();
};

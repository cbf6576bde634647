import { Kysely } from 'kysely';

/** Match history: one row per match, its players, and the projection's checkpoint. Dialect-neutral. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('matches')
    .addColumn('match_id', 'text', (c) => c.primaryKey())
    .addColumn('game', 'text', (c) => c.notNull())
    .addColumn('tournament_event', 'text')
    .addColumn('round', 'integer')
    .addColumn('table_number', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('winner', 'text')
    .addColumn('end_reason', 'text')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('event_count', 'integer', (c) => c.notNull())
    .addColumn('last_revision', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('matches_by_start').on('matches').columns(['started_at', 'match_id']).execute();
  await db.schema.createIndex('matches_by_game').on('matches').columns(['game', 'started_at']).execute();
  await db.schema.createIndex('matches_by_status').on('matches').columns(['status', 'started_at']).execute();
  await db.schema.createIndex('matches_by_round').on('matches').columns(['tournament_event', 'round']).execute();
  await db.schema
    .createTable('match_players')
    .addColumn('match_id', 'text', (c) => c.notNull())
    .addColumn('player_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('seat', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('match_players_pk', ['match_id', 'player_id'])
    .execute();
  await db.schema.createIndex('match_players_by_player').on('match_players').columns(['player_id', 'match_id']).execute();
  await db.schema
    .createTable('projection_checkpoints')
    .addColumn('projection', 'text', (c) => c.primaryKey())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  for (const table of ['projection_checkpoints', 'match_players', 'matches']) await db.schema.dropTable(table).execute();
};

import { Kysely } from 'kysely';

/**
 * The statistics projection (libs/catalog/src/stats): per match and audience, the reading statistics fold
 * (public, and each player's own); per card, the public counts added up by game, event, format and day, so
 * a card table sums a few rows per card; per match side, its ink pair where the public got the deck lists.
 * A voided match's counts are taken away, but its public reading and sides stay, marked `voided`: while
 * the broadcast delay holds its void back, the public figures add them back at read time.
 * Rebuilt from the log (its checkpoint is the `stats` row of `checkpoints`), so nothing to copy here.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('stats_readings')
    .addColumn('match_id', 'text', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('game', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('reading', 'text', (c) => c.notNull())
    .addColumn('voided', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('stats_readings_pk', ['match_id', 'audience'])
    .execute();
  await db.schema.createIndex('stats_readings_event').on('stats_readings').columns(['event', 'audience']).execute();
  const scope = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('game', 'text', (c) => c.notNull())
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('format', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('card', 'text', (c) => c.notNull());
  let cards = scope('stats_cards');
  for (const column of [
    'games',
    'decided',
    'wins',
    'deck_games',
    'deck_wins',
    'copies',
    'first_turn_sum',
    'first_turn_games',
    'challenges',
    'banishes',
    'banished',
    'songs_sung',
    'sang',
  ])
    cards = cards.addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0));
  await cards
    .addColumn('quests', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('lore', 'double precision', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('stats_cards_pk', ['game', 'card', 'event', 'format', 'day'])
    .execute();
  await scope('stats_first_turns')
    .addColumn('turn', 'integer', (c) => c.notNull())
    .addColumn('games', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('stats_first_turns_pk', ['game', 'card', 'event', 'format', 'day', 'turn'])
    .execute();
  await db.schema
    .createTable('stats_sides')
    .addColumn('match_id', 'text', (c) => c.notNull())
    .addColumn('seat', 'integer', (c) => c.notNull())
    .addColumn('game', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('inks', 'text', (c) => c.notNull())
    .addColumn('against', 'text', (c) => c.notNull())
    .addColumn('won', 'integer')
    .addColumn('on_play', 'integer', (c) => c.notNull())
    .addColumn('voided', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('stats_sides_pk', ['match_id', 'seat'])
    .execute();
  await db.schema.createIndex('stats_sides_game').on('stats_sides').columns(['game', 'day']).execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  for (const table of ['stats_sides', 'stats_first_turns', 'stats_cards', 'stats_readings']) await db.schema.dropTable(table).execute();
};

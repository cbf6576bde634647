import { Kysely } from 'kysely';

/**
 * The catalog's checkpoint, in a table that holds it on PostgreSQL too: `position` a bigint (an
 * `integer` there is 32 bits; SQLite's integers are 64 bits either way), and `store_id`, the event
 * store the read models were fed from (EventStore.storeId). Copied from `projection_checkpoints`
 * with no store id: the feeder rebuilds such a catalog once, as it does one fed from another store.
 * A new table rather than ALTER COLUMN, which SQLite does not have.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('checkpoints')
    .addColumn('projection', 'text', (c) => c.primaryKey())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .addColumn('store_id', 'text')
    .execute();
  await db
    .insertInto('checkpoints')
    .columns(['projection', 'position'])
    .expression(db.selectFrom('projection_checkpoints').select(['projection', 'position']))
    .execute();
  await db.schema.dropTable('projection_checkpoints').execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('projection_checkpoints')
    .addColumn('projection', 'text', (c) => c.primaryKey())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db
    .insertInto('projection_checkpoints')
    .columns(['projection', 'position'])
    .expression(db.selectFrom('checkpoints').select(['projection', 'position']))
    .execute();
  await db.schema.dropTable('checkpoints').execute();
};

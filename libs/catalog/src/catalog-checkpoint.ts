import { Kysely, Transaction } from 'kysely';
import { CatalogTables } from './catalog-schema';
import { clearSearch } from './catalog-search';

/** The catalog's row in `checkpoints`. */
export const CATALOG = 'catalog';

export interface Checkpoint {
  /** the last log position the catalog holds */
  readonly position: number;
  /** the event store that position is in */
  readonly storeId: string | null;
}

/**
 * Reads the catalog's checkpoint and locks its row until the transaction ends: an UPDATE that changes
 * nothing takes PostgreSQL's row lock (as SELECT … FOR UPDATE does, which SQLite lacks; SQLite runs
 * one write transaction at a time anyway). A second instance's batch waits here, then reads the
 * checkpoint the first one committed. The row is made first if there is none.
 */
export const lockCheckpoint = async (trx: Transaction<CatalogTables>, storeId: string): Promise<Checkpoint> => {
  await trx
    .insertInto('checkpoints')
    .values({ projection: CATALOG, position: 0, store_id: storeId })
    .onConflict((c) => c.column('projection').doNothing())
    .execute();
  const row = await trx
    .updateTable('checkpoints')
    .set((eb) => ({ position: eb.ref('position') }))
    .where('projection', '=', CATALOG)
    .returning(['position', 'store_id'])
    .executeTakeFirstOrThrow();
  return { position: Number(row.position), storeId: row.store_id };
};

/** Moves the checkpoint, in the transaction that changed the read models up to it. */
export const moveCheckpoint = async (trx: Transaction<CatalogTables>, position: number, storeId: string): Promise<void> => {
  await trx.updateTable('checkpoints').set({ position, store_id: storeId }).where('projection', '=', CATALOG).execute();
};

/** Empties the read models (but the tokens only the catalog holds) and sets the checkpoint to the start of `storeId`. */
export const clearCatalog = async (trx: Transaction<CatalogTables>, storeId: string): Promise<void> => {
  await trx.deleteFrom('match_players').execute();
  // tokens issued before they were logged exist only here: kept
  await trx.deleteFrom('match_tokens').where('from_log', '=', 1).execute();
  // the log's TokensRevoked put them back
  await trx.deleteFrom('token_revocations').execute();
  await trx.deleteFrom('matches').execute();
  await clearSearch(trx);
  await moveCheckpoint(trx, 0, storeId);
};

/** The catalog's checkpoint as committed, without a lock. */
export const checkpointOf = async (db: Kysely<CatalogTables>): Promise<number> =>
  Number((await db.selectFrom('checkpoints').select('position').where('projection', '=', CATALOG).executeTakeFirst())?.position ?? 0);

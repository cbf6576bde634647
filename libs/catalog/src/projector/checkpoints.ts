import { Kysely, Transaction } from 'kysely';
import { CatalogTables } from '../catalog-schema';

/** A projection's row in `checkpoints`: the last log position it holds, and the event store that position is in. */
export interface Checkpoint {
  readonly position: number;
  readonly storeId: string | null;
}

/** The read models were projected from another event store than the one this instance writes to: nothing was written. */
export class CatalogOfAnotherStore extends Error {
  constructor(
    readonly catalogStoreId: string | null,
    readonly storeId: string,
  ) {
    super(`the catalog holds event store ${catalogStoreId}'s events, not this instance's store ${storeId}: every instance on one catalog must use the same event store`);
  }
}

/**
 * Reads `projection`'s checkpoint and locks its row until the transaction ends: an UPDATE that changes
 * nothing takes PostgreSQL's row lock (as SELECT … FOR UPDATE does, which SQLite lacks; SQLite runs
 * one write transaction at a time anyway). A second instance's batch waits here, then reads the
 * checkpoint the first one committed. The row is made first if there is none.
 */
export const lockCheckpointOf = async (trx: Transaction<CatalogTables>, projection: string, storeId: string): Promise<Checkpoint> => {
  await trx
    .insertInto('checkpoints')
    .values({ projection, position: 0, store_id: storeId })
    .onConflict((c) => c.column('projection').doNothing())
    .execute();
  const row = await trx
    .updateTable('checkpoints')
    .set((eb) => ({ position: eb.ref('position') }))
    .where('projection', '=', projection)
    .returning(['position', 'store_id'])
    .executeTakeFirstOrThrow();
  return { position: Number(row.position), storeId: row.store_id };
};

/** Moves the checkpoint, in the transaction that changed the read models up to it. */
export const moveCheckpointOf = async (trx: Transaction<CatalogTables>, projection: string, position: number, storeId: string): Promise<void> => {
  await trx.updateTable('checkpoints').set({ position, store_id: storeId }).where('projection', '=', projection).execute();
};

/** `projection`'s checkpoint as committed, without a lock. */
export const committedCheckpointOf = async (db: Kysely<CatalogTables>, projection: string): Promise<number> =>
  Number((await db.selectFrom('checkpoints').select('position').where('projection', '=', projection).executeTakeFirst())?.position ?? 0);

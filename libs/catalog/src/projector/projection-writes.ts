import { EventStore, StoredEvent } from '@matchlog/store';
import { ControlledTransaction, Kysely, Transaction } from 'kysely';
import { CatalogTables } from '../catalog-schema';
import { CatalogOfAnotherStore, lockCheckpointOf, moveCheckpointOf } from './checkpoints';
import { Projection, isUnappliable } from './projection';

/** How a write is made atomic: a transaction of its own, or a savepoint of the rebuild's one transaction. */
export type WriteUnit = <T>(work: (trx: Transaction<CatalogTables>) => Promise<T>) => Promise<T>;

export const transactionOf =
  (db: Kysely<CatalogTables>): WriteUnit =>
  (work) =>
    db.transaction().execute(work);

export const savepointOf =
  (trx: ControlledTransaction<CatalogTables>): WriteUnit =>
  async (work) => {
    const inside = await trx.savepoint('batch').execute();
    try {
      const result = await work(inside);
      await inside.releaseSavepoint('batch').execute();
      return result;
    } catch (error) {
      await inside.rollbackToSavepoint('batch').execute();
      throw error;
    }
  };

/**
 * A batch of a projection: the checkpoint is read under its row lock, only the events after it are applied,
 * and the checkpoint moves past them in the same transaction. So any number of instances may project into
 * one catalog: each event is applied once, in order, and a batch an instance delivers late changes nothing.
 * Returns the checkpoint after the batch.
 */
export const applyAfterCheckpoint = async <Read>(
  trx: Transaction<CatalogTables>,
  projection: Projection<Read>,
  storeId: string,
  events: readonly StoredEvent[],
  read?: Read,
): Promise<number> => {
  const checkpoint = await lockCheckpointOf(trx, projection.name, storeId);
  if (checkpoint.storeId !== storeId) throw new CatalogOfAnotherStore(checkpoint.storeId, storeId);
  const fresh = events.filter((event) => event.position > checkpoint.position);
  if (fresh.length === 0) return checkpoint.position;
  await projection.apply(trx, fresh, read);
  const position = fresh[fresh.length - 1].position;
  await moveCheckpointOf(trx, projection.name, position, storeId);
  return position;
};

/** What a projector writes with: its projection, the store the projection's read step reads, and the store's id. */
export interface Writes<Read> {
  readonly projection: Projection<Read>;
  readonly store: EventStore;
  readonly storeId: string;
}

/**
 * Writes `events` (the read step first, then one unit): when one of them cannot be applied, event by event,
 * each such one skipped (the checkpoint moved past it) and told to `skip`. Returns the checkpoint after.
 */
export const writeSkipping = async <Read>(
  { projection, store, storeId }: Writes<Read>,
  unit: WriteUnit,
  events: readonly StoredEvent[],
  skip: (event: StoredEvent, error: unknown) => void,
): Promise<number> => {
  const write = async (batch: readonly StoredEvent[]) => {
    const read = await projection.read?.(store, batch);
    return unit((trx) => applyAfterCheckpoint(trx, projection, storeId, batch, read));
  };
  try {
    return await write(events);
  } catch (error) {
    if (!isUnappliable(error)) throw error;
  }
  let position = 0;
  for (const event of events) {
    try {
      position = await write([event]);
    } catch (error) {
      if (!isUnappliable(error)) throw error;
      position = await unit((trx) => skipPast(trx, projection.name, storeId, event.position));
      skip(event, error);
    }
  }
  return position;
};

/** Moves the checkpoint past an event the projection skips (it could not apply it). Returns the checkpoint after. */
const skipPast = async (trx: Transaction<CatalogTables>, projection: string, storeId: string, position: number): Promise<number> => {
  const checkpoint = await lockCheckpointOf(trx, projection, storeId);
  if (checkpoint.storeId !== storeId) throw new CatalogOfAnotherStore(checkpoint.storeId, storeId);
  if (checkpoint.position >= position) return checkpoint.position;
  await moveCheckpointOf(trx, projection, position, storeId);
  return position;
};

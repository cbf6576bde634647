import { StoredEvent } from '@matchlog/store';
import { Kysely } from 'kysely';
import { CatalogTables } from '../catalog-schema';
import { lockCheckpointOf, moveCheckpointOf } from './checkpoints';
import { Writes, savepointOf, writeSkipping } from './projection-writes';

const REBUILD_PAGE = 1000;

/** The projection's checkpoint, the projection emptied first if it was fed from another store (whichever instance sees that first does it). */
export const claim = <Read>(db: Kysely<CatalogTables>, { projection, storeId }: Writes<Read>, log: (line: string) => void): Promise<number> =>
  db.transaction().execute(async (trx) => {
    const checkpoint = await lockCheckpointOf(trx, projection.name, storeId);
    if (checkpoint.storeId === storeId) return checkpoint.position;
    log(`${projection.name}: it was fed from event store ${checkpoint.storeId ?? '(unnamed)'}, this instance's is ${storeId}: emptied, and fed again from the start of the log`);
    await projection.truncate(trx);
    await moveCheckpointOf(trx, projection.name, 0, storeId);
    return 0;
  });

/**
 * Empties the projection and replays the whole log into it in one transaction that holds the checkpoint's
 * lock: instances projecting into the same catalog meanwhile wait, then carry on after it, and a rebuild that
 * fails leaves the projection as it was. Each page is a savepoint, so an event it cannot apply is skipped
 * as the projector skips it. Returns the checkpoint and the events read.
 */
export const rebuildAll = async <Read>(
  db: Kysely<CatalogTables>,
  writes: Writes<Read>,
  skip: (event: StoredEvent, error: unknown) => void,
): Promise<{ position: number; count: number }> => {
  const { projection, store, storeId } = writes;
  const trx = await db.startTransaction().execute();
  try {
    await lockCheckpointOf(trx, projection.name, storeId);
    await projection.truncate(trx);
    await moveCheckpointOf(trx, projection.name, 0, storeId);
    let position = 0;
    let count = 0;
    for (let page = await store.readAll(0, REBUILD_PAGE); page.length > 0; page = await store.readAll(position, REBUILD_PAGE)) {
      await writeSkipping(writes, savepointOf(trx), page, skip);
      position = page[page.length - 1].position;
      count += page.length;
    }
    await trx.commit().execute();
    return { position, count };
  } catch (error) {
    await trx.rollback().execute();
    throw error;
  }
};

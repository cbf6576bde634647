import { checkpointOf, findMatch, listMatches, projectBatch } from '@matchlog/catalog';
import { EventStore, openSqliteEventStore } from '@matchlog/store';
import { Kysely, Migrator } from 'kysely';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { migrations } from '../../../migrations';
import { CatalogPlace, catalogPlaces } from './support/catalog-places';
import { projectorOn } from './support/projector-on';

const created = (players: string[]) => ({
  id: `e-${Math.random()}`,
  type: 'MatchCreated',
  data: { game: 'lorcana', players: players.map((id) => ({ id })), cards: [] },
  meta: { recordedBy: 'test', recordedAt: '2026-11-21T10:00:00.000Z' },
});

describe.each(catalogPlaces)("the catalog's checkpoint on %s", (_, placeIn) => {
  let dir: string;
  let place: CatalogPlace;
  const stores: EventStore[] = [];
  const openStore = (name: string) => {
    const store = openSqliteEventStore(join(dir, name));
    stores.push(store);
    return store;
  };
  beforeEach(async () => {
    logged.length = 0;
    dir = mkdtempSync(join(tmpdir(), 'matchlog-checkpoint-'));
    place = await placeIn(join(dir, 'catalog'));
  });
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    await place.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  const logged: string[] = [];
  const project = async (store: EventStore, position: number) => {
    const db = await place.open();
    const projector = projectorOn(db, store, undefined, undefined, (line) => logged.push(line));
    await projector.start();
    await projector.caughtUpTo(position, 30_000);
    await projector.stop();
    const ids = (await listMatches(db, {}, 100)).matches.map((m) => m.matchId).sort();
    const checkpoint = await checkpointOf(db);
    await db.destroy();
    return { ids, checkpoint };
  };

  it('a catalog fed from another event store is emptied and fed again from this one, not resumed at a position that means nothing here', async () => {
    const first = openStore('first');
    for (const m of ['a1', 'a2', 'a3']) await first.append(m, 0, [created(['p1', 'p2'])]);
    expect(await project(first, 3)).toEqual({ ids: ['a1', 'a2', 'a3'], checkpoint: 3 });
    expect(logged).toEqual([]);

    const second = openStore('second');
    await second.append('b1', 0, [created(['p1', 'p2'])]);
    await second.append('b2', 0, [created(['p1', 'p2'])]);
    expect(await first.storeId()).not.toBe(await second.storeId());
    expect(await project(second, 2)).toEqual({ ids: ['b1', 'b2'], checkpoint: 2 });
    expect(logged.splice(0)).toEqual([
      `catalog: it was fed from event store ${await first.storeId()}, this instance's is ${await second.storeId()}: emptied, and fed again from the start of the log`,
    ]);
    // and back: the first store's events again, not the second's left behind
    expect(await project(first, 3)).toEqual({ ids: ['a1', 'a2', 'a3'], checkpoint: 3 });
  });

  it('keeps positions beyond 32 bits (a PostgreSQL integer is 32 bits; the checkpoint is a bigint)', async () => {
    const store = openStore('events');
    const db = await place.open();
    const far = 2 ** 40 + 3;
    const event = { ...created(['p1']), streamId: 'm1', revision: 1, position: far };
    expect(await projectBatch(db, await store.storeId(), [event])).toBe(far);
    expect(await checkpointOf(db)).toBe(far);
    expect(await findMatch(db, 'm1')).toMatchObject({ eventCount: 1 });
    await db.destroy();
  });

  it('a checkpoint written before migration 006 (no store named) is carried over, then the catalog is fed again from the start of the store', async () => {
    const store = openStore('events');
    await store.append('m1', 0, [created(['p1', 'p2'])]);
    let db = (await place.open()) as unknown as Kysely<any>;
    await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo('005_token_revocations'); // undoes 006 and after
    await db.insertInto('projection_checkpoints').values({ projection: 'catalog', position: 7 }).execute();
    await db.destroy();

    db = (await place.open()) as unknown as Kysely<any>;
    expect(await db.selectFrom('checkpoints').selectAll().execute()).toEqual([{ projection: 'catalog', position: 7, store_id: null }]);
    await db.destroy();
    expect(await project(store, 1)).toEqual({ ids: ['m1'], checkpoint: 1 });
    expect(logged).toEqual([expect.stringContaining('fed from event store (unnamed)')]);
  });
});

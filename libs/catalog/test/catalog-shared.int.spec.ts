import { CatalogDb, CatalogProjector, CatalogOfAnotherStore, checkpointOf, listMatches, openPostgresCatalog, projectBatch } from '@matchlog/catalog';
import { EventStore, InMemoryEventStore } from '@matchlog/store';
import { TestDatabase, createTestDatabase } from '@matchlog/testkit';
import { heldBack } from './support/held-back';
import { projectorOn } from './support/projector-on';

const created = (players = ['p1', 'p2']) => ({
  id: `e-${Math.random()}`,
  type: 'MatchCreated',
  data: { game: 'lorcana', players: players.map((id) => ({ id })), cards: [] },
  meta: { recordedBy: 'test', recordedAt: '2026-11-21T10:00:00.000Z' },
});
const turn = (n: number) => ({ id: `e-${Math.random()}`, type: 'TurnStarted', data: { player: 'p1', turn: n } });
const ended = () => ({ id: `e-${Math.random()}`, type: 'MatchEnded', data: { winner: 'p2', reason: 'lore' } });

/** Two instances, each with its own connection pool and projector, on one catalog in PostgreSQL (the events in one log, in memory). */
describe('one catalog in PostgreSQL fed by two instances', () => {
  let store: EventStore;
  let database: TestDatabase;
  const opened: { db: CatalogDb; projector: CatalogProjector }[] = [];
  const instance = async (events: EventStore = store, onError: (error: unknown) => void = () => undefined) => {
    const db = await openPostgresCatalog(database.url, 4);
    const projector = projectorOn(db, events, onError, { firstMs: 5, maxMs: 20 }, () => undefined);
    opened.push({ db, projector });
    return { db, projector };
  };
  beforeEach(async () => {
    store = new InMemoryEventStore();
    database = await createTestDatabase();
  });
  afterEach(async () => {
    for (const { db, projector } of opened.splice(0)) {
      await projector.stop();
      await db.destroy();
    }
    await store.close();
    await database.drop();
  });

  it('a batch an instance delivers late changes nothing: the checkpoint and every count stay where the other instance put them', async () => {
    const late = heldBack(store);
    const a = await instance();
    const b = await instance(late.store);
    await a.projector.start();
    await b.projector.start();
    await store.append('m1', 0, [created()]);
    await store.append('m1', 1, [turn(1), turn(2)]);
    const { position } = await store.append('m1', 3, [ended()]);
    await a.projector.caughtUpTo(position, 30_000);
    const settled = (await listMatches(a.db, {}, 10)).matches;
    expect(settled).toEqual([expect.objectContaining({ matchId: 'm1', eventCount: 4, revision: 4, status: 'ended' })]);

    late.release(2); // B's subscription now delivers revisions 1 and 2, which A projected long ago
    await b.projector.caughtUpTo(2, 30_000);
    expect(await checkpointOf(a.db)).toBe(position);
    expect((await listMatches(b.db, {}, 10)).matches).toEqual(settled);
    late.release(position);
    // the guard itself: a batch that starts before the checkpoint reads it under the lock and applies nothing
    expect(await projectBatch(b.db, await store.storeId(), await store.readAll(0, 2))).toBe(position);
    expect((await listMatches(b.db, {}, 10)).matches).toEqual(settled);
  });

  it("caughtUpTo resolves on the checkpoint another instance wrote, while this one's subscription has not delivered the event yet", async () => {
    const late = heldBack(store);
    const a = await instance();
    const b = await instance(late.store);
    await a.projector.start();
    await b.projector.start();
    const { position } = await store.append('m1', 0, [created()]);
    await a.projector.caughtUpTo(position, 30_000);
    await b.projector.caughtUpTo(position, 60_000);
    expect(b.projector.caughtUpPosition).toBe(position);
    late.release(position);
  });

  it('two instances projecting at once under concurrent appends count every event once: the catalog is the one a single rebuild makes', async () => {
    const a = await instance();
    const b = await instance();
    await a.projector.start();
    await b.projector.start();
    let last = 0;
    await Promise.all(
      Array.from({ length: 12 }, async (_, m) => {
        await store.append(`m${m}`, 0, [created()]);
        for (let revision = 1; revision <= 10; revision++) {
          const { position } = await store.append(`m${m}`, revision, revision === 10 ? [ended()] : [turn(revision)]);
          last = Math.max(last, position);
        }
      }),
    );
    await a.projector.caughtUpTo(last, 30_000);
    await b.projector.caughtUpTo(last, 30_000);
    expect(await checkpointOf(a.db)).toBe(last);
    const shared = (await listMatches(a.db, {}, 100)).matches;
    expect(shared).toHaveLength(12);
    for (const match of shared) expect(match).toMatchObject({ eventCount: 11, revision: 11, status: 'ended' });

    const alone = await instance();
    expect(await alone.projector.rebuild()).toBe(last);
    expect((await listMatches(alone.db, {}, 100)).matches).toEqual(shared);
  });

  it('instances on different event stores: the one started last claims the catalog, and the other writes nothing into it and says why in its lag', async () => {
    let failed: (error: unknown) => void = () => undefined;
    const failure = new Promise<unknown>((resolve) => (failed = resolve));
    const a = await instance(store, (error) => failed(error));
    await a.projector.start();
    await a.projector.caughtUpTo((await store.append('m1', 0, [created()])).position, 30_000);

    const elsewhere = new InMemoryEventStore();
    const b = await instance(elsewhere);
    await b.projector.start();
    await b.projector.caughtUpTo((await elsewhere.append('x1', 0, [created()])).position, 30_000);
    await store.append('m2', 0, [created()]);
    expect(await failure).toBeInstanceOf(CatalogOfAnotherStore);
    expect(a.projector.lag()).toMatchObject({ behind: 1, failure: expect.stringContaining('every instance on one catalog must use the same event store') });
    expect((await listMatches(b.db, {}, 10)).matches.map((m) => m.matchId)).toEqual(['x1']);
    await b.projector.stop();
    await elsewhere.close();
  });
});

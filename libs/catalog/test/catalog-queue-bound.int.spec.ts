import { CatalogDb, CatalogProjector, checkpointOf, findMatch, openCatalog } from '@matchlog/catalog';
import { InMemoryEventStore, LogConsumer } from '@matchlog/store';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

const created = (matchId: string) => ({
  id: `${matchId}-created`,
  type: 'MatchCreated',
  data: { game: 'lorcana', players: [{ id: 'p1' }, { id: 'p2' }], cards: [] },
  meta: { recordedBy: 'test', recordedAt: '2026-11-28T10:00:00.000Z' },
});

/** The catalog's transactions held (once `hold` is called) until `release`: a catalog slower than the log. */
const slowed = (db: CatalogDb) => {
  let held: Promise<void> | undefined;
  let release = () => undefined as void;
  const transaction = db.transaction.bind(db);
  jest.spyOn(db, 'transaction').mockImplementation(() => {
    const builder = transaction();
    return { execute: async (work: Parameters<typeof builder.execute>[0]) => (await held, builder.execute(work)) } as unknown as typeof builder;
  });
  return {
    hold: () => void (held = new Promise<void>((resolve) => (release = resolve))),
    release: () => release(),
  };
};

describe('the catalog projector far behind the log', () => {
  const dir = mkdtempSync(join(tmpdir(), 'matchlog-queue-bound-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('holds at most its bound of events, reads the rest from the store once the catalog takes them, and loses or doubles none', async () => {
    const store = new InMemoryEventStore();
    const catalog = await openCatalog(dir);
    const { hold, release } = slowed(catalog);
    const bound = 5;
    const projector = new CatalogProjector(catalog, store, () => undefined, undefined, undefined, bound);
    const consumer = new LogConsumer(store, { processors: [projector] });
    const reads: number[] = [];
    const readAll = store.readAll.bind(store);
    store.readAll = async (after, max) => (reads.push(after), readAll(after, max));
    await projector.start();
    hold();

    for (let m = 0; m < 30; m++) await store.append(`m${m}`, 0, [created(`m${m}`)]);
    while (consumer.position < 30) await new Promise((resolve) => setTimeout(resolve, 5));
    const { queue } = projector as unknown as { queue: { queued: unknown[]; writing: unknown[] } };
    const holding = queue.queued.length + queue.writing.length;
    expect(holding).toBeLessThanOrEqual(bound + 1);
    expect(projector.lag()).toEqual({ position: 0, behind: 30 });

    release();
    await projector.caughtUpTo(30, 10_000);
    expect(await checkpointOf(catalog)).toBe(30);
    for (let m = 0; m < 30; m++) expect(await findMatch(catalog, `m${m}`)).toMatchObject({ eventCount: 1 });
    expect(reads.length).toBeGreaterThan(0);
    expect(reads[0]).toBeLessThanOrEqual(bound + 1);
    expect(projector.lag()).toEqual({ position: 30, behind: 0 });

    // caught up: what comes next is held again, not read
    const before = reads.length;
    await store.append('m30', 0, [created('m30')]);
    await projector.caughtUpTo(31, 10_000);
    expect(await findMatch(catalog, 'm30')).toMatchObject({ eventCount: 1 });
    expect(reads).toHaveLength(before);

    await projector.stop();
    await catalog.destroy();
    await store.close();
  });
});

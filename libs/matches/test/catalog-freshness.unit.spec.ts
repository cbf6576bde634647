import { CATALOG_RETRY, retryDelay } from '@matchlog/catalog';
import { StorageFull, StoreUnavailable } from '@matchlog/store';
import { CatalogBehind } from '../src/errors';
import { StoreHead } from '../src/model/store-head';
import { CatalogFreshness } from '../src/read/catalog-freshness';

/** A catalog at `position`, which reaches what it is asked for only up to `reachable`. */
const catalogAt = (position: number, reachable: number) => {
  const asked: number[] = [];
  return {
    asked,
    projector: {
      caughtUpPosition: position,
      reached: async (target: number) => (asked.push(target), target <= reachable),
    },
  };
};

describe('CatalogFreshness: a catalog read waits for what the caller may have written', () => {
  const headAt = (position: number) => {
    const store = { headPosition: jest.fn(async () => position) };
    return { store, head: new StoreHead(store) };
  };

  it('with `after` the catalog holds already, reads no head and waits for nothing', async () => {
    const { store, head } = headAt(50);
    const { projector, asked } = catalogAt(40, 40);
    await new CatalogFreshness(projector, head).reach(40);
    expect(store.headPosition).not.toHaveBeenCalled();
    expect(asked).toEqual([]);
  });

  it('without `after`, waits for the store head; with one past the catalog, for it, bounded by the head', async () => {
    const { store, head } = headAt(50);
    const { projector, asked } = catalogAt(40, 50);
    const freshness = new CatalogFreshness(projector, head);
    await freshness.reach();
    await freshness.reach(45);
    await freshness.reach(1_000_000);
    expect(asked).toEqual([50, 45, 50]);
    expect(store.headPosition).toHaveBeenCalledTimes(3);
  });

  it('a catalog that does not get there in time: CatalogBehind, never a stale answer', async () => {
    const { head } = headAt(50);
    const { projector } = catalogAt(40, 45);
    await expect(new CatalogFreshness(projector, head).reach()).rejects.toEqual(new CatalogBehind(50, 40));
  });

  it('a write that reads the catalog first, the catalog behind because its disk is full: that disk (507 STORAGE_FULL), not "retry after a second"', async () => {
    const { head } = headAt(50);
    const full = new StorageFull('catalog.sqlite');
    const { projector } = catalogAt(40, 45);
    await expect(new CatalogFreshness({ ...projector, lastFailure: full }, head).reachToWrite()).rejects.toBe(full);
    // behind for another cause, or a read: behind it is
    await expect(new CatalogFreshness({ ...projector, lastFailure: new StoreUnavailable('away') }, head).reachToWrite()).rejects.toEqual(new CatalogBehind(50, 40));
    await expect(new CatalogFreshness({ ...projector, lastFailure: full }, head).reach()).rejects.toEqual(new CatalogBehind(50, 40));
  });

  it("a failed catalog batch is retried at least every 2 s however long it failed, so readiness is back within seconds of the cause's end", () => {
    expect([1, 2, 3, 4, 5, 100].map((failures) => retryDelay(failures, CATALOG_RETRY))).toEqual([250, 500, 1000, 2000, 2000, 2000]);
  });

  it('CATALOG_BEHIND tells the caller no log position (a position moves with every write); the server log line does', () => {
    const behind = new CatalogBehind(50, 40);
    expect(behind.message).not.toMatch(/\d/);
    expect(behind.report).toContain('up to position 40, not yet 50');
  });
});

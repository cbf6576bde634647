import { CatalogDb, CatalogFeeder, openCatalog } from '@matchlog/catalog';
import { InMemoryEventStore, LogConsumer } from '@matchlog/store';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

/** An in-memory store, a catalog in a temporary directory, and its feeder, a processor of a log consumer (not started). */
export const catalogOn = async (): Promise<{ store: InMemoryEventStore; catalog: CatalogDb; feeder: CatalogFeeder; close: () => Promise<void> }> => {
  const dir = mkdtempSync(join(tmpdir(), 'matchlog-catalog-'));
  const store = new InMemoryEventStore();
  const catalog = await openCatalog(dir);
  const feeder = new CatalogFeeder(catalog, store, () => undefined);
  new LogConsumer(store, { processors: [feeder], onError: () => undefined });
  const close = async () => {
    await feeder.stop();
    await catalog.destroy();
    rmSync(dir, { recursive: true, force: true });
  };
  return { store, catalog, feeder, close };
};

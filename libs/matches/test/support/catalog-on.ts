import { CatalogDb, CatalogProjector, openCatalog } from '@matchlog/catalog';
import { InMemoryEventStore, LogConsumer } from '@matchlog/store';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

/** An in-memory store, a catalog in a temporary directory, and its projector, a processor of a log consumer (not started). */
export const catalogOn = async (): Promise<{ store: InMemoryEventStore; catalog: CatalogDb; projector: CatalogProjector; close: () => Promise<void> }> => {
  const dir = mkdtempSync(join(tmpdir(), 'matchlog-catalog-'));
  const store = new InMemoryEventStore();
  const catalog = await openCatalog(dir);
  const projector = new CatalogProjector(catalog, store, () => undefined);
  new LogConsumer(store, { processors: [projector], onError: () => undefined });
  const close = async () => {
    await projector.stop();
    await catalog.destroy();
    rmSync(dir, { recursive: true, force: true });
  };
  return { store, catalog, projector, close };
};

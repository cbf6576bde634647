import { EventStore, InMemoryEventStore } from '@matchlog/store';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { CatalogPlace } from './catalog-places';

/** For each test of the suite, an in-memory store and a catalog place of its own (in a fresh directory), removed after it. */
export const inAPlace = (placeIn: (dataDir: string) => Promise<CatalogPlace>): { readonly store: EventStore; readonly place: CatalogPlace } => {
  const at = {} as { dir: string; store: EventStore; place: CatalogPlace };
  beforeEach(async () => {
    at.dir = mkdtempSync(join(tmpdir(), 'matchlog-place-'));
    at.store = new InMemoryEventStore();
    at.place = await placeIn(at.dir);
  });
  afterEach(async () => {
    await at.store.close();
    await at.place.remove();
    rmSync(at.dir, { recursive: true, force: true });
  });
  return at;
};

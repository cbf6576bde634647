import { CatalogDb, openCatalog, openPostgresCatalog } from '@matchlog/catalog';
import { rmSync } from 'fs';
import { join } from 'path';
import { TestDatabase, createTestDatabase } from '@matchlog/testkit';

/** Where a test keeps its catalog: a SQLite file in its data directory, or a PostgreSQL database of its own. */
export interface CatalogPlace {
  open(): Promise<CatalogDb>;
  /** the catalog's data gone (the file deleted, the database dropped), as if a disk were lost */
  lose(): Promise<void>;
  /** after the test */
  remove(): Promise<void>;
}

const sqlitePlace = async (dir: string): Promise<CatalogPlace> => {
  const lose = async () => {
    for (const file of ['catalog.sqlite', 'catalog.sqlite-wal', 'catalog.sqlite-shm']) rmSync(join(dir, file), { force: true });
  };
  return { open: () => openCatalog(dir), lose, remove: lose };
};

const postgresPlace = async (): Promise<CatalogPlace> => {
  let database: TestDatabase = await createTestDatabase();
  return {
    open: () => openPostgresCatalog(database.url, 4),
    lose: async () => {
      await database.drop();
      database = await createTestDatabase();
    },
    remove: () => database.drop(),
  };
};

/** One suite, both dialects: `describe.each(catalogPlaces)('… on %s', (_, placeIn) => …)`. */
export const catalogPlaces: [string, (dataDir: string) => Promise<CatalogPlace>][] = [
  ['SQLite', sqlitePlace],
  ['PostgreSQL', postgresPlace],
];

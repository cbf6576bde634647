import { CatalogDb } from '@matchlog/catalog';
import { sql } from 'kysely';

/**
 * PRAGMA max_page_count on the catalog's one connection: the next write needing a page fails as on a
 * full disk. VACUUM first, so no free page is left inside the file (a migration that dropped a table
 * leaves some). Returns how to give the room back.
 */
export const fillUpCatalog = async (db: CatalogDb): Promise<() => Promise<void>> => {
  await sql`VACUUM`.execute(db);
  const {
    rows: [room],
  } = await sql<{ max_page_count: number }>`PRAGMA max_page_count`.execute(db);
  const {
    rows: [size],
  } = await sql<{ page_count: number }>`PRAGMA page_count`.execute(db);
  await sql.raw(`PRAGMA max_page_count = ${size.page_count}`).execute(db);
  return async () => void (await sql.raw(`PRAGMA max_page_count = ${room.max_page_count}`).execute(db));
};

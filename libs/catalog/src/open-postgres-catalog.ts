import { Kysely, PostgresAdapter, PostgresDialect } from 'kysely';
import { Pool, types } from 'pg';
import { CatalogTables } from './catalog-schema';
import { CatalogDb, migrate } from './open-catalog';

const INT8 = 20;

/**
 * The read models in a PostgreSQL database (`MATCHLOG_CATALOG_URL`, or the event store's
 * `MATCHLOG_DATABASE_URL`), shared by every instance that names it. Migrated on open; instances
 * starting together take turns (Kysely's migration lock). bigint columns (the checkpoint's
 * position) come back as numbers: positions stay far below 2^53.
 */
export const openPostgresCatalog = async (url: string, poolSize = 10): Promise<CatalogDb> => {
  const pool = new Pool({
    connectionString: url,
    max: poolSize,
    types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === INT8 ? Number : types.getTypeParser(oid, format))) as typeof types.getTypeParser },
  });
  const db = new Kysely<CatalogTables>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
};

/** Whether other instances may write into this catalog: one on PostgreSQL (a SQLite catalog is one process's own file). */
export const isSharedCatalog = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

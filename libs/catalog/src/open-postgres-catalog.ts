import { describeDatabase, postgresErrorOf } from '@matchlog/store';
import { Kysely, PostgresAdapter, PostgresDialect, PostgresPool, PostgresPoolClient } from 'kysely';
import { Pool, types } from 'pg';
import { CatalogTables } from './catalog-schema';
import { CatalogDb, migrate } from './open-catalog';

const INT8 = 20;

/**
 * The read models in a PostgreSQL database (`MATCHLOG_CATALOG_URL`, or the event store's
 * `MATCHLOG_DATABASE_URL`), shared by every instance that names it. Migrated on open; instances
 * starting together take turns (see `migrate`). bigint columns (the checkpoint's position) come back
 * as numbers: positions stay far below 2^53. pg's errors leave as the storage errors they mean (a
 * server away: StoreUnavailable, 503), never a bare 500.
 */
export const openPostgresCatalog = async (url: string, poolSize = 10): Promise<CatalogDb> => {
  const pool = new Pool({
    connectionString: url,
    max: poolSize,
    keepAlive: true,
    connectionTimeoutMillis: 10_000,
    types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === INT8 ? Number : types.getTypeParser(oid, format))) as typeof types.getTypeParser },
  });
  // an idle connection that fails leaves the pool; the next query opens another, and fails if the server is away
  pool.on('error', () => undefined);
  const db = new Kysely<CatalogTables>({ dialect: new PostgresDialect({ pool: reportingErrors(pool, describeDatabase(url)) }) });
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
};

/** Whether other instances may write into this catalog: one on PostgreSQL (a SQLite catalog is one process's own file). */
export const isSharedCatalog = (db: Pick<Kysely<CatalogTables>, 'getExecutor'>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

const reportingErrors = (pool: Pool, database: string): PostgresPool => {
  const reported = <T>(promise: Promise<T>): Promise<T> =>
    promise.catch((error: unknown) => {
      throw postgresErrorOf(error, database);
    });
  return {
    connect: async () => {
      const client = await reported(pool.connect());
      // a connection lost while Kysely holds it (between a transaction's queries) is an 'error' on the client:
      // unheard, it would end the process; heard, the next query fails, and the client leaves the pool on release
      let failure: Error | undefined;
      const lost = (error: Error) => (failure ??= error);
      client.on('error', lost);
      const query = (sql: string, parameters: readonly unknown[]) =>
        client.query(sql, [...parameters]).catch((error: unknown) => {
          if (breaksConnection(error)) failure ??= error instanceof Error ? error : new Error(String(error));
          throw postgresErrorOf(error, database);
        });
      const release = () => {
        client.off('error', lost);
        client.release(failure);
      };
      return { query, release } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
};

/** Whether a query's error leaves its connection unusable: anything but an error the server reported at less than FATAL (a constraint, a syntax error). */
const breaksConnection = (error: unknown): boolean => {
  const severity = (error as { severity?: unknown } | null)?.severity;
  return typeof severity !== 'string' || severity === 'FATAL' || severity === 'PANIC';
};

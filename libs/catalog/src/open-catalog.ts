import { StorageCorrupt, closeSqliteFile, openSqliteFile, storageErrorOf } from '@matchlog/store';
import Database from 'better-sqlite3';
import { existsSync, renameSync, statSync } from 'fs';
import { Kysely, Migrator, PostgresAdapter, SqliteDatabase, SqliteDialect, SqliteStatement, sql } from 'kysely';
import { join } from 'path';
import { migrations } from '../../../migrations';
import { CatalogTables } from './catalog-schema';

export type CatalogDb = Kysely<CatalogTables>;

/**
 * The catalog connection's page cache in KiB. Its pages are new rows as often as read ones: each new
 * page takes a slot until the cache is full, so the cache grows with every match projected until this
 * bound (better-sqlite3's default, 16 MB, grew a 30-minute soak's RSS by ~0.65 MB a minute; issue 26 §6).
 */
const CATALOG_PAGE_CACHE_KIB = 4_096;

/**
 * The read models' database: `<dataDir>/catalog.sqlite`. `synchronous = NORMAL` is enough for the read
 * models: every row can be rebuilt from the event log, and a row and its checkpoint commit together.
 * The match tokens are projected here too, from their own streams in the log.
 *
 * A damaged catalog (quick_check fails, or the file is not a database) is moved aside, named in the
 * log, and replaced by an empty one, which the projector fills from the log as it does a missing one.
 */
export const openCatalog = async (dataDir: string, log: (line: string) => void = console.warn): Promise<CatalogDb> => {
  const file = join(dataDir, 'catalog.sqlite');
  let sqlite: Database.Database;
  try {
    sqlite = openSqliteFile(file, { synchronous: 'NORMAL', pageCacheKib: CATALOG_PAGE_CACHE_KIB });
  } catch (error) {
    if (!(error instanceof StorageCorrupt)) throw error;
    const aside = moveAside(file);
    log(`catalog: ${file} is damaged (${error.detail}); moved it to ${aside}, and the catalog is rebuilt from the event log`);
    sqlite = openSqliteFile(file, { synchronous: 'NORMAL', pageCacheKib: CATALOG_PAGE_CACHE_KIB });
  }
  const db = new Kysely<CatalogTables>({ dialect: new SqliteDialect({ database: reportingStorageErrors(sqlite, file) }) });
  await migrate(db);
  return db;
};

/** Brings the catalog to the latest migration; returns the migrations it ran. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's Migrator runs on a database of any schema
export const migrate = async (db: Kysely<any>): Promise<string[]> => {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return migrateOn(db);
  // instances starting together: Kysely's own lock needs its tables, which two could create at once
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(connection);
    try {
      return await migrateOn(connection);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(connection);
    }
  });
};

/** The catalog's key among PostgreSQL advisory locks (any 64-bit number no other part uses). */
const MIGRATION_LOCK = 0x6d6c_6361_7401;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as migrate
const migrateOn = async (db: Kysely<any>): Promise<string[]> => {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
};

/** Renames the file and its -wal and -shm to `<name>.damaged-<its last write>…`; returns the database's new name. */
const moveAside = (file: string): string => {
  const aside = `${file}.damaged-${statSync(file).mtime.toISOString().replace(/[:.]/g, '-')}`;
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix);
  return aside;
};

/** Prepared statements kept for reuse, by SQL text: a few dozen are in use; the bound keeps odd queries from growing it. */
const PREPARED_KEPT = 256;

/**
 * The connection Kysely uses, with SQLite's errors as the storage errors they mean (a full disk:
 * StorageFull). SQLite rolls a transaction back by itself on some errors (SQLITE_FULL among them):
 * Kysely's own rollback then finds none, and its error would hide the one that matters.
 */
const reportingStorageErrors = (sqlite: Database.Database, file: string): SqliteDatabase => {
  const noTransaction: SqliteStatement = { reader: false, all: () => [], run: () => ({ changes: 0, lastInsertRowid: 0 }), iterate: () => [][Symbol.iterator]() };
  const guard = <T>(run: () => T): T => {
    try {
      return run();
    } catch (error) {
      throw storageErrorOf(error, file);
    }
  };
  // Kysely prepares every query it runs; the projection runs the same few for every append
  const prepared = new Map<string, Database.Statement>();
  const statementFor = (sql: string): Database.Statement => {
    let statement = prepared.get(sql);
    if (statement === undefined) {
      statement = guard(() => sqlite.prepare(sql));
      if (prepared.size >= PREPARED_KEPT) prepared.clear();
      prepared.set(sql, statement);
    }
    return statement;
  };
  return {
    close: () => closeSqliteFile(sqlite, file),
    prepare: (sql: string): SqliteStatement => {
      if (/^\s*rollback\s*$/i.test(sql) && !sqlite.inTransaction) return noTransaction;
      const statement = statementFor(sql);
      return {
        reader: statement.reader,
        all: (parameters) => guard(() => statement.all(...parameters)),
        run: (parameters) => guard(() => statement.run(...parameters)),
        iterate: (parameters) => guard(() => statement.iterate(...parameters)),
      };
    },
  };
};

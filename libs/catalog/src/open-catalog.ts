import Database from 'better-sqlite3';
import { mkdirSync } from 'fs';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { join } from 'path';
import { migrations } from '../../../migrations';
import { CatalogTables } from './catalog-schema';

export type CatalogDb = Kysely<CatalogTables>;

/**
 * The read models' database: `<dataDir>/catalog.sqlite`. `synchronous = NORMAL` is enough for the read
 * models: every row can be rebuilt from the event log, and a row and its checkpoint commit together.
 * The match tokens are projected here too, from their own streams in the log.
 */
export const openCatalog = async (dataDir: string): Promise<CatalogDb> => {
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new Database(join(dataDir, 'catalog.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<CatalogTables>({ dialect: new SqliteDialect({ database: sqlite }) });
  await migrate(db);
  return db;
};

export const migrate = async (db: Kysely<any>): Promise<string[]> => {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
};

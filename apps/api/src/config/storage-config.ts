import { ConfigError } from './config-error';

export type StoreKind = 'sqlite' | 'postgres' | 'eventstoredb';

/** Where the read models (the catalog, the tokens) are: catalog.sqlite in the data directory, or a PostgreSQL database. */
export type CatalogLocation = { readonly kind: 'sqlite' } | { readonly kind: 'postgres'; readonly url: string };

export interface StorageConfig {
  readonly store: StoreKind;
  /** MATCHLOG_DATABASE_URL: the PostgreSQL database of MATCHLOG_STORE=postgres */
  readonly databaseUrl?: string;
  /** MATCHLOG_CATALOG_URL, else the store's PostgreSQL database, else SQLite */
  readonly catalog: CatalogLocation;
}

const STORES: readonly string[] = ['sqlite', 'postgres', 'eventstoredb'] satisfies StoreKind[];

/**
 * MATCHLOG_STORE and the databases it needs. The read models go where MATCHLOG_CATALOG_URL says, else
 * into the event store's own PostgreSQL database, else into SQLite beside the data.
 */
export const storageFromEnv = (env: NodeJS.ProcessEnv): StorageConfig => {
  const store = env.MATCHLOG_STORE ?? 'sqlite';
  if (!STORES.includes(store)) throw new ConfigError(`MATCHLOG_STORE must be sqlite, postgres or eventstoredb, not "${store}"`);
  const databaseUrl = postgresUrlIn(env, 'MATCHLOG_DATABASE_URL');
  const catalogUrl = postgresUrlIn(env, 'MATCHLOG_CATALOG_URL');
  if (store === 'postgres' && databaseUrl === undefined) {
    throw new ConfigError('MATCHLOG_STORE=postgres needs MATCHLOG_DATABASE_URL, the database to keep the events in (e.g. postgres://matchlog:<password>@db:5432/matchlog)');
  }
  if (store !== 'postgres' && databaseUrl !== undefined) {
    throw new ConfigError(
      `MATCHLOG_DATABASE_URL is read only with MATCHLOG_STORE=postgres, and MATCHLOG_STORE is ${store}: set MATCHLOG_STORE=postgres to keep the events in that database, or name it in MATCHLOG_CATALOG_URL to keep only the read models there`,
    );
  }
  const url = catalogUrl ?? databaseUrl;
  return { store: store as StoreKind, ...(databaseUrl !== undefined && { databaseUrl }), catalog: url === undefined ? { kind: 'sqlite' } : { kind: 'postgres', url } };
};

/** The variable's value if it is a PostgreSQL URL; never repeated in the error, as it may hold a password. */
const postgresUrlIn = (env: NodeJS.ProcessEnv, name: string): string | undefined => {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  const example = 'postgres://user:password@host:5432/database';
  let protocol: string;
  try {
    protocol = new URL(value).protocol;
  } catch {
    throw new ConfigError(`${name} must be a PostgreSQL URL such as ${example}; its value is not a URL`);
  }
  if (protocol !== 'postgres:' && protocol !== 'postgresql:')
    throw new ConfigError(`${name} must be a PostgreSQL URL such as ${example}; its scheme is ${protocol.slice(0, 20)}, not postgres:`);
  return value;
};

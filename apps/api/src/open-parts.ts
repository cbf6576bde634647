import { CatalogDb, CatalogFeeder, openCatalog, openPostgresCatalog } from '@matchlog/catalog';
import { EventStore, openEventStore } from '@matchlog/store';
import { AppParts } from './app.module';
import { ApiConfig } from './config/config';

/** Opens the event store and the catalog (migrating it), and starts feeding the catalog from the log. */
export const openParts = async (config: ApiConfig, env: NodeJS.ProcessEnv = process.env): Promise<AppParts> => {
  const store = await openStoreOf(config, env);
  const catalog = await openCatalogOf(config).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  const feeder = new CatalogFeeder(catalog, store);
  await feeder.start().catch(async (error: unknown) => {
    await catalog.destroy();
    await store.close();
    throw error;
  });
  return { config, store, catalog, feeder };
};

/** The event store the configuration names (the CLI tools open it the same way). */
export const openStoreOf = (config: ApiConfig, env: NodeJS.ProcessEnv = process.env): Promise<EventStore> =>
  openEventStore({
    ...env,
    MATCHLOG_DATA_DIR: config.dataDir,
    MATCHLOG_STORE: config.store,
    ...(config.databaseUrl !== undefined && { MATCHLOG_DATABASE_URL: config.databaseUrl }),
    ...(config.eventStoreConnectionString !== undefined && { EVENTSTORE_CONNECTION_STRING: config.eventStoreConnectionString }),
  });

/** The read models' database: catalog.sqlite in the data directory, or the PostgreSQL database the configuration names. */
export const openCatalogOf = (config: Pick<ApiConfig, 'catalog' | 'dataDir'>): Promise<CatalogDb> =>
  config.catalog.kind === 'postgres' ? openPostgresCatalog(config.catalog.url) : openCatalog(config.dataDir);

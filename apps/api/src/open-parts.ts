import { CatalogDb, CatalogProjector, StatsProjector, openCatalog, openPostgresCatalog } from '@matchlog/catalog';
import { EventStore, LogConsumer, StoreLocation, openEventStore } from '@matchlog/store';
import { AppParts } from './app.module';
import { ApiConfig } from './config/config';
import { ConfigError } from './config/config-error';

/**
 * Opens the event store and the catalog (migrating it), builds the instance's one log consumer with the
 * catalog's projector and the statistics' as its processors (the application adds its own: the models, the
 * tokens, the live feeds), and starts it at the catalog's checkpoint; the statistics first read the log
 * from their own checkpoint up to there.
 */
export const openParts = async (config: ApiConfig): Promise<AppParts> => {
  const store = await openStoreOf(config);
  const catalog = await openCatalogOf(config).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  const projector = new CatalogProjector(catalog, store);
  const stats = new StatsProjector(catalog, store);
  const consumer = new LogConsumer(store, { processors: [projector, stats] });
  await projector
    .start()
    .then(() => stats.start())
    .catch(async (error: unknown) => {
      await projector.stop();
      await stats.stop();
      await catalog.destroy();
      await store.close();
      throw error;
    });
  return { config, store, catalog, projector, stats, consumer };
};

/** The event store the configuration names (the CLI tools open it the same way). */
export const openStoreOf = async (config: ApiConfig): Promise<EventStore> => openEventStore(storeLocationOf(config));

const storeLocationOf = (config: ApiConfig): StoreLocation => {
  switch (config.store) {
    case 'sqlite':
      return { kind: 'sqlite', dataDir: config.dataDir };
    case 'postgres':
      // storageFromEnv refused MATCHLOG_STORE=postgres without it
      return { kind: 'postgres', url: config.databaseUrl! };
    case 'eventstoredb':
      if (!config.eventStoreConnectionString) throw new ConfigError('MATCHLOG_STORE=eventstoredb needs EVENTSTORE_CONNECTION_STRING (e.g. esdb://localhost:2113?tls=false)');
      return { kind: 'eventstoredb', connectionString: config.eventStoreConnectionString };
  }
};

/** The read models' database: catalog.sqlite in the data directory, or the PostgreSQL database the configuration names. */
export const openCatalogOf = (config: Pick<ApiConfig, 'catalog' | 'dataDir'>): Promise<CatalogDb> =>
  config.catalog.kind === 'postgres' ? openPostgresCatalog(config.catalog.url) : openCatalog(config.dataDir);

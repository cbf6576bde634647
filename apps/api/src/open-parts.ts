import { CatalogFeeder, openCatalog } from '@matchlog/catalog';
import { openEventStore } from '@matchlog/store';
import { AppParts } from './app.module';
import { ApiConfig } from './config/config';

/** Opens the event store and the catalog (migrating it), and starts feeding the catalog from the log. */
export const openParts = async (config: ApiConfig, env: NodeJS.ProcessEnv = process.env): Promise<AppParts> => {
  const store = await openEventStore({ ...env, MATCHLOG_DATA_DIR: config.dataDir, MATCHLOG_STORE: config.store });
  const catalog = await openCatalog(config.dataDir).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  const feeder = new CatalogFeeder(catalog, store);
  await feeder.start();
  return { config, store, catalog, feeder };
};

import { CatalogDb, CatalogProjector, StatsProjector, openCatalog, openPostgresCatalog } from '@matchlog/catalog';
import { EventStore, LogConsumer, StoreLocation, StoreUnavailable, openEventStore } from '@matchlog/store';
import { AppParts } from './app.module';
import { ApiConfig } from './config/config';
import { ConfigError } from './config/config-error';

/**
 * Opens the event store and the catalog (migrating it), builds the instance's one log consumer with the
 * catalog's projector and the statistics' as its processors (the API's module gives it the application's: the
 * models, the tokens, the live feeds; app.module.ts, liveFeedsJoined), and starts it at the catalog's checkpoint; the statistics first read the log
 * from their own checkpoint up to there. The server itself opens, listens, then catches up (serve.ts).
 */
export const openParts = async (config: ApiConfig, log?: (line: string) => void): Promise<AppParts> => {
  const parts = await openStores(config, log);
  await catchUpParts(parts, config, log).catch(async (error: unknown) => {
    await parts.projector.stop();
    await parts.stats?.stop();
    await parts.catalog.destroy();
    await parts.store.close();
    throw error;
  });
  return parts;
};

/** The stores opened, waiting for one that cannot be reached (MATCHLOG_START_WAIT_SECONDS), and the consumer built: not started. */
export const openStores = async (config: ApiConfig, log?: (line: string) => void): Promise<AppParts> => {
  const wait = waitingFor(config, log);
  const store = await wait('the event store', () => openStoreOf(config));
  const catalog = await wait('the catalog database', () => openCatalogOf(config)).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  const projector = new CatalogProjector(catalog, store);
  const stats = new StatsProjector(catalog, store);
  const consumer = new LogConsumer(store, { processors: [projector, stats] });
  return { config, store, catalog, projector, stats, consumer };
};

/** The catalog's projector started at its checkpoint (the consumer with it), then the statistics caught up to there. */
export const catchUpParts = (parts: AppParts, config: ApiConfig, log?: (line: string) => void): Promise<void> =>
  waitingFor(config, log)('the log', async () => {
    await parts.projector.start();
    await parts.stats?.start();
  });

/**
 * `attempt`, tried again every second while what it reaches cannot be reached (StoreUnavailable: PostgreSQL or
 * EventStoreDB away), each time said in `log`, for up to MATCHLOG_START_WAIT_SECONDS; then its error, saying how long.
 */
const waitingFor =
  ({ startWaitSeconds = 0 }: Pick<ApiConfig, 'startWaitSeconds'>, log: (line: string) => void = () => undefined) =>
  async <T>(what: string, attempt: () => Promise<T>): Promise<T> => {
    const until = Date.now() + startWaitSeconds * 1000;
    for (;;) {
      try {
        return await attempt();
      } catch (error) {
        if (!(error instanceof StoreUnavailable)) throw error;
        if (Date.now() >= until)
          throw startWaitSeconds > 0 ? new StoreUnavailable(`${error.reason}; still so after waiting ${startWaitSeconds} s (MATCHLOG_START_WAIT_SECONDS)`) : error;
        log(`${what} cannot be reached (${error.report}): trying again every second, for up to ${Math.ceil((until - Date.now()) / 1000)} s more (MATCHLOG_START_WAIT_SECONDS)`);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
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

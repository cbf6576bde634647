import { CatalogDb, openCatalog, openPostgresCatalog } from '@matchlog/catalog';
import { EventStore, StoreLocation, StoreUnavailable, openEventStore } from '@matchlog/store';
import { AppParts, Seams, Stores, composeParts } from './compose-parts';
import { ApiConfig } from './config/config';
import { ConfigError } from './config/config-error';

export interface OpenOptions extends Seams {
  readonly log?: (line: string) => void;
  /** the stores, opened by a test (another instance's, a double): instead of the configuration's */
  readonly stores?: (config: ApiConfig) => Promise<Stores>;
}

/**
 * The parts, started: the stores opened, everything built over them (compose-parts.ts), and the log consumer started at
 * the catalog's checkpoint, the statistics first reading the log from their own up to there. The server itself opens,
 * listens, then catches up (serve.ts).
 */
export const openParts = async (config: ApiConfig, options: OpenOptions = {}): Promise<AppParts> => {
  const parts = await composedParts(config, options);
  await catchUpParts(parts, config, options.log).catch(async (error: unknown) => {
    await closeParts(parts);
    throw error;
  });
  return parts;
};

/** The stores opened (waiting for one that cannot be reached: MATCHLOG_START_WAIT_SECONDS) and the parts composed over them: not started. */
export const composedParts = async (config: ApiConfig, options: OpenOptions = {}): Promise<AppParts> => {
  const stores = await (options.stores ?? ((config) => openStores(config, options.log)))(config);
  try {
    return composeParts(config, stores, options);
  } catch (error) {
    await stores.catalog.destroy();
    await stores.store.close();
    throw error;
  }
};

/** Stops the conversions, the consumer and the projections, and closes the stores. */
export const closeParts = async (parts: AppParts): Promise<void> => {
  await parts.conversions.close();
  await parts.projector.stop();
  await parts.stats.stop();
  await parts.store.close();
  await parts.catalog.destroy();
};

/** The event store and the catalog (migrated), each waited for while it cannot be reached. */
export const openStores = async (config: ApiConfig, log?: (line: string) => void): Promise<Stores> => {
  const wait = waitingFor(config, log);
  const store = await wait('the event store', () => openStoreOf(config));
  const catalog = await wait('the catalog database', () => openCatalogOf(config)).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  return { store, catalog };
};

/** The catalog's projector started at its checkpoint (the consumer with it), then the statistics caught up to there. */
export const catchUpParts = (parts: AppParts, config: ApiConfig, log?: (line: string) => void): Promise<void> =>
  waitingFor(config, log)('the log', async () => {
    await parts.projector.start();
    await parts.stats.start();
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

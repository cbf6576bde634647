import { CatalogProjector, StatsProjector } from '@matchlog/catalog';
import { configFromEnv } from '../../../api/src/config/config';
import { openCatalogOf, openStoreOf } from '../../../api/src/open-parts';

/**
 * matchlog rebuild: empties every read model and replays the whole event log into it (tokens included:
 * they are in the log), in one transaction. On a shared PostgreSQL catalog the running instances wait
 * for it, then carry on from where it ends. Then the statistics, folded again from the log the same way.
 */
export const rebuild = async (): Promise<number> => {
  const config = configFromEnv();
  const store = await openStoreOf(config);
  const catalog = await openCatalogOf(config);
  const replayed = await new CatalogProjector(catalog, store).rebuild();
  console.log(`catalog rebuilt from ${replayed} events`);
  const folded = await new StatsProjector(catalog, store).rebuild();
  await catalog.destroy();
  await store.close();
  console.log(`statistics rebuilt from ${folded} events`);
  return 0;
};

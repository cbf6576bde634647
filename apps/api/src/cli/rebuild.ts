import { CatalogFeeder } from '@matchlog/catalog';
import { configFromEnv } from '../config/config';
import { failureReport } from '../failure-report';
import { openCatalogOf, openStoreOf } from '../open-parts';

/**
 * npm run rebuild: empties every read model and replays the whole event log into it (tokens included:
 * they are in the log), in one transaction. On a shared PostgreSQL catalog the running instances wait
 * for it, then carry on from where it ends.
 */
const main = async () => {
  const config = configFromEnv();
  const store = await openStoreOf(config);
  const catalog = await openCatalogOf(config);
  const replayed = await new CatalogFeeder(catalog, store).rebuild();
  await catalog.destroy();
  await store.close();
  console.log(`catalog rebuilt from ${replayed} events`);
};

main().catch((error) => {
  console.error(failureReport(error));
  process.exit(1);
});

import { CatalogFeeder, openCatalog } from '@matchlog/catalog';
import { openEventStore } from '@matchlog/store';
import { configFromEnv } from '../config/config';
import { failureReport } from '../failure-report';

/** npm run rebuild: empties every read model and replays the whole event log into it (tokens included: they are in the log). */
const main = async () => {
  const config = configFromEnv();
  const store = await openEventStore({ ...process.env, MATCHLOG_DATA_DIR: config.dataDir, MATCHLOG_STORE: config.store });
  const catalog = await openCatalog(config.dataDir);
  const replayed = await new CatalogFeeder(catalog, store).rebuild();
  await catalog.destroy();
  await store.close();
  console.log(`catalog rebuilt from ${replayed} events`);
};

main().catch((error) => {
  console.error(failureReport(error));
  process.exit(1);
});

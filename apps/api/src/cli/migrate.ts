import { openCatalog } from '@matchlog/catalog';
import { configFromEnv } from '../config/config';
import { failureReport } from '../failure-report';

/** npm run migrate: brings the catalog database up to the latest migration (the server does this on start too). */
const main = async () => {
  const config = configFromEnv();
  const db = await openCatalog(config.dataDir);
  await db.destroy();
  console.log(`catalog in ${config.dataDir} is at the latest migration`);
};

main().catch((error) => {
  console.error(failureReport(error));
  process.exit(1);
});

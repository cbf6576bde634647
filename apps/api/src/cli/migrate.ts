import { configFromEnv } from '../config/config';
import { failureReport } from '../failure-report';
import { openCatalogOf } from '../open-parts';

/** npm run migrate: brings the catalog database (SQLite or PostgreSQL, as configured) up to the latest migration (the server does this on start too). */
const main = async () => {
  const config = configFromEnv();
  const db = await openCatalogOf(config);
  await db.destroy();
  console.log(
    `catalog ${config.catalog.kind === 'postgres' ? 'in PostgreSQL (MATCHLOG_CATALOG_URL or MATCHLOG_DATABASE_URL)' : `in ${config.dataDir}`} is at the latest migration`,
  );
};

main().catch((error) => {
  console.error(failureReport(error));
  process.exit(1);
});

import { configFromEnv } from '../../../api/src/config/config';
import { openCatalogOf } from '../../../api/src/open-parts';

/** matchlog migrate: brings the catalog database (SQLite or PostgreSQL, as configured) up to the latest migration (the server does this on start too). */
export const migrate = async (): Promise<number> => {
  const config = configFromEnv();
  const db = await openCatalogOf(config);
  await db.destroy();
  console.log(
    `catalog ${config.catalog.kind === 'postgres' ? 'in PostgreSQL (MATCHLOG_CATALOG_URL or MATCHLOG_DATABASE_URL)' : `in ${config.dataDir}`} is at the latest migration`,
  );
  return 0;
};

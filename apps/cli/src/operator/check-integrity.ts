import { StorageCorrupt, fullIntegrityProblems } from '@matchlog/store';
import { existsSync } from 'fs';
import { join } from 'path';
import { configFromEnv } from '../../../api/src/config/config';

/**
 * matchlog check-integrity: SQLite's full integrity check of the data directory's databases (the server
 * runs the quicker quick_check on start). Exits 1 if one is damaged. Run it with the server stopped.
 * A store or catalog in PostgreSQL or EventStoreDB is that server's to check: named, and left alone.
 */
export const checkIntegrity = async (): Promise<number> => {
  const { dataDir, store, catalog } = configFromEnv();
  let damaged = false;
  if (store !== 'sqlite') console.log(`events: in ${store === 'postgres' ? 'PostgreSQL (MATCHLOG_DATABASE_URL)' : 'EventStoreDB'}, not checked here`);
  if (catalog.kind === 'postgres') console.log('catalog: in PostgreSQL, not checked here (matchlog rebuild makes it again from the event log)');
  const sqliteFiles = [
    ['events.sqlite', (file: string, problems: string[]) => new StorageCorrupt(file, problems.join('; ')).report],
    ['catalog.sqlite', () => 'the server moves it aside and rebuilds the catalog from the event log at its next start'],
  ] as const;
  const used = sqliteFiles.filter(([name]) => (name === 'events.sqlite' ? store === 'sqlite' : catalog.kind === 'sqlite'));
  for (const [name, ifDamaged] of used) {
    const file = join(dataDir, name);
    if (!existsSync(file)) {
      console.log(`${file}: absent`);
      continue;
    }
    const problems = fullIntegrityProblems(file);
    if (problems.length === 0) {
      console.log(`${file}: ok`);
      continue;
    }
    damaged = true;
    console.log(`${file}: damaged\n${problems.map((problem) => `  ${problem}`).join('\n')}\n${ifDamaged(file, problems)}`);
  }
  return damaged ? 1 : 0;
};

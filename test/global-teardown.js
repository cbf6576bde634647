// jest globalTeardown: stops the PostgreSQL that test/global-setup.js started.
module.exports = async () => {
  await globalThis.__matchlogPostgres?.stop();
};

// jest globalSetup: builds dist/ once, when it is missing or stale, before any test runs the compiled
// server or CLI (bin/matchlog.js), so parallel tests never build it side by side.
module.exports = () => {
  require('../scripts/build.js').buildIfStale();
};

#!/usr/bin/env node
// The matchlog CLI: the auditors' offline commands (`npx matchlog audit|verify|replay|knowledge <file.jsonl>`: no
// server, no database), push, and the operator's (`npx matchlog migrate|rebuild|check-integrity`, on the configured store).
// It runs the compiled CLI in dist/. In a checkout (scripts/build.js is there) it first builds when dist/ is
// missing; it never rebuilds one that is there (after editing sources: npm run build).
const { existsSync } = require('fs');
const { join } = require('path');
const build = join(__dirname, '..', 'scripts', 'build.js');
try {
  if (existsSync(build)) require(build).buildIfMissing();
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
process.setSourceMapsEnabled(true);
require('../dist/apps/cli/src/main.js');

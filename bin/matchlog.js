#!/usr/bin/env node
// The offline auditors' CLI: `npx matchlog audit|verify|replay|knowledge <file.jsonl>`. No server, no database.
const { join } = require('path');
process.env.SWC_NODE_PROJECT = process.env.SWC_NODE_PROJECT || join(__dirname, '..', 'tsconfig.json');
require('@swc-node/register');
require('../apps/cli/src/main.ts');

#!/usr/bin/env node
// npm test: Jest (every tier, jest.config.js), and beside it the static checks (scripts/checks.js) at the lowest CPU
// priority, so they take only the time the test files leave idle. The checks' report is printed after Jest's, and
// the run fails when either does. Arguments are passed on to Jest.
const { spawn } = require('child_process');
const { join } = require('path');

const root = join(__dirname, '..');
const exited = (child) => new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));

const checks = spawn(process.execPath, [join(__dirname, 'checks.js'), '--background'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
let report = '';
checks.stdout.on('data', (chunk) => (report += chunk));
checks.stderr.on('data', (chunk) => (report += chunk));
// AsyncLocalStorage on async context frames (Node 24's default), not on async_hooks: a dependency's store, once
// used in a worker, made every later promise and timer there pay a hook (the e2e tier 169 s → 153 s, the unit tier
// 67 s → 60 s; a flood of 100,000 timers in a worker that had run a Nest app: 3 GB of heap and 11–34 s, not 0.4 s)
const jest = spawn(
  process.execPath,
  ['--max-old-space-size=12288', '--experimental-async-context-frame', join(root, 'node_modules', 'jest', 'bin', 'jest.js'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);

(async () => {
  const [tests, checked] = await Promise.all([exited(jest), exited(checks)]);
  process.stdout.write(`\nstatic checks (typecheck, ESLint, Prettier):\n${report}`);
  if (checked !== 0) process.stdout.write('static checks: FAILED (above)\n');
  process.exitCode = tests !== 0 ? tests : checked;
})();

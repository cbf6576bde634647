#!/usr/bin/env node
// npm run checks: the static checks (both typechecks, ESLint, Prettier), two at a time, each one's output printed
// whole when it ends. Exits non-zero when any of them fails. `--background` (npm test, beside Jest) runs them at the
// lowest CPU priority; the processes they start inherit it.
const { spawn } = require('child_process');
const { availableParallelism, constants, setPriority } = require('os');
const { join } = require('path');

const bin = (name) => join(__dirname, '..', 'node_modules', '.bin', name);
const CHECKS = [
  ['typecheck (server)', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['eslint', bin('eslint'), ['.']],
  ['prettier', bin('prettier'), ['--check', '.']],
  ['typecheck (viewer)', bin('tsc'), ['-p', 'apps/viewer/tsconfig.json', '--noEmit']],
];

const run = ([name, command, args]) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: join(__dirname, '..'), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? 'ok  ' : 'FAIL'} ${name} (${command.split('/').pop()} ${args.join(' ')}, ${seconds} s)\n${code === 0 ? '' : output}`);
      resolve(code === 0);
    });
  });

if (process.argv.includes('--background')) setPriority(constants.priority.PRIORITY_LOW);

(async () => {
  const queue = [...CHECKS];
  const lanes = Array.from({ length: Math.max(1, Math.min(2, availableParallelism())) }, async () => {
    const results = [];
    while (queue.length > 0) results.push(await run(queue.shift()));
    return results;
  });
  const passed = (await Promise.all(lanes)).flat().every(Boolean);
  process.exitCode = passed ? 0 : 1;
})();

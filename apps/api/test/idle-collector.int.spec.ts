import { TYPESCRIPT_HOOK } from '@matchlog/testkit';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(__dirname, '..', '..', '..');

/**
 * A spell of allocation, then V8's thorough collection (collectAllAvailableGarbage), in a process of
 * its own: what a heap gives back depends on all it held before, so it is measured on a fresh one, not
 * on a Jest worker's that other suites filled.
 */
const SPELL = `
const { collectAllAvailableGarbage } = require('./apps/api/src/idle-collector');
const kept = [];
let garbage = [];
for (let i = 0; i < 600000; i++) (i % 7 === 0 ? kept : garbage).push({ i, s: 'x' + i });
garbage = [];
const before = process.memoryUsage().heapTotal;
collectAllAvailableGarbage();
setImmediate(() => {
  const after = process.memoryUsage().heapTotal;
  console.log(JSON.stringify({ before, after, garbage: garbage.length, kept: kept.length }));
});
`;

it("collectAllAvailableGarbage gives back the heap pages a spell of allocation left committed (V8's thorough collection, in process)", async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['-r', TYPESCRIPT_HOOK, '-e', SPELL], { cwd: ROOT });
  const { before, after, garbage, kept } = JSON.parse(stdout) as { before: number; after: number; garbage: number; kept: number };
  expect(garbage).toBe(0);
  expect(kept).toBeGreaterThan(80_000);
  // a fresh process's heap here: ~96 MB committed before; ~29 MB after; a plain full collection (gc()) leaves ~73
  expect(after).toBeLessThan(before / 2);
});

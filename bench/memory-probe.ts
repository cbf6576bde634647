import { randomBytes } from 'crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { ServerProcess, createTestDatabase, startPostgres } from '@matchlog/testkit';
import { fmt } from './measure';
import { HeapSummary, readHeapSnapshot } from './heap-summary';
import { Inspector } from './inspector-client';
import { Api, fill } from './scale-fill';
import { Engine, postgresEngine, rssOf, sqliteEngine, startServer, stopServer } from './scale-server';

/**
 * What a filling instance keeps per match written: the compiled server (as bench:scale starts it) is
 * filled through HTTP to each of BENCH_PROBE_MATCHES (2000,20000) matches of BENCH_PROBE_EVENTS (5)
 * events; at each, its memory is read through the inspector, before and after a full collection, and a
 * V8 heap snapshot is taken at the first and the last (`--heapsnapshot-signal`); then a fresh instance is
 * started on the same store and measured too. Printed: the memory figures, and the classes whose
 * bytes grew most from the first step to the last (per match written) and from the fresh instance to
 * the filled one, with where a few of their objects are held (first retainers, nearest first).
 * BENCH_PROBE_ENGINE: sqlite (default) or postgres; BENCH_PROBE_HEAP=0: the memory figures alone;
 * BENCH_PROBE_NODE_ARGS: node options for the server. `npm run bench:memory-probe`.
 */
const STEPS = (process.env.BENCH_PROBE_MATCHES ?? '2000,20000').split(',').map(Number);
const EVENTS = Number(process.env.BENCH_PROBE_EVENTS ?? 5);
const ENGINE = process.env.BENCH_PROBE_ENGINE ?? 'sqlite';
const TOP = Number(process.env.BENCH_PROBE_TOP ?? 20);
const KEY = randomBytes(32).toString('base64url');
const IN_FLIGHT = 16;
/** BENCH_PROBE_HEAP=0: memory figures only, no heap snapshot (taking one grows the process's RSS for good) */
const HEAP = process.env.BENCH_PROBE_HEAP !== '0';
/** BENCH_PROBE_NODE_ARGS: more of node's options for the server, e.g. "--max-semi-space-size=4" (space-separated) */
const NODE_ARGS = (process.env.BENCH_PROBE_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '');

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

/** A heap snapshot of the server (written by its main thread, which answers /health again once it is done). */
const heapSnapshot = async (server: ServerProcess, dir: string): Promise<HeapSummary> => {
  const before = new Set(readdirSync(dir));
  server.child.kill('SIGUSR2');
  let file: string | undefined;
  while (!file) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    file = readdirSync(dir).find((name) => name.endsWith('.heapsnapshot') && !before.has(name));
  }
  await fetch(`${server.base}/health`);
  for (let size = -1; size !== statSync(join(dir, file)).size; await new Promise((resolve) => setTimeout(resolve, 500))) size = statSync(join(dir, file)).size;
  const summary = readHeapSnapshot(join(dir, file));
  rmSync(join(dir, file));
  return summary;
};

const compare = (label: string, from: HeapSummary, to: HeapSummary, perUnit: number, unit: string) => {
  const rows = [...to.byClass].map(([name, { bytes, count }]) => {
    const was = from.byClass.get(name) ?? { bytes: 0, count: 0 };
    return { name, bytes: bytes - was.bytes, count: count - was.count };
  });
  rows.sort((a, b) => b.bytes - a.bytes);
  console.log(`\n### ${label}: heap ${mb(from.totalBytes)} → ${mb(to.totalBytes)} MB\n`);
  console.log(`| class | Δ bytes | Δ count | bytes ${unit} |\n|---|---|---|---|`);
  for (const row of rows.slice(0, TOP)) console.log(`| ${row.name} | ${fmt(row.bytes)} | ${fmt(row.count)} | ${(row.bytes / perUnit).toFixed(1)} |`);
  return rows.slice(0, 6).map((row) => row.name);
};

const printRetainers = (heap: HeapSummary, classes: readonly string[]) => {
  console.log('\nwhere they are held (first retainers, nearest first):');
  for (const name of classes) for (const path of heap.retainers(name, 3, 8)) console.log(`- ${name} ← ${path.join(' ← ')}`);
};

/** The server's memory now, and after a full collection: RSS (VmRSS), V8's heap (total, used) and memory outside it. */
const measure = async (label: string, server: ServerProcess, inspector: Inspector, engine: Engine) => {
  const disk = await engine.diskBytes();
  const rss = rssOf(server.child.pid) ?? 0;
  const now = await inspector.memory(false);
  const collected = await inspector.memory(true);
  console.log(
    `| ${label} | ${mb(rss)} | ${mb(now.heapTotal)} / ${mb(now.heapUsed)} | ${mb(collected.rss)} | ${mb(collected.heapTotal)} / ${mb(collected.heapUsed)} | ${mb(collected.external)} / ${mb(collected.arrayBuffers)} | ${mb(disk)} |`,
  );
};

const probe = async (engine: Engine, dir: string) => {
  const options = [...NODE_ARGS, '--inspect=127.0.0.1:0', '--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${dir}`];
  let server = await startServer(engine, options);
  let inspector = await Inspector.attach(server);
  const heaps: HeapSummary[] = [];
  let written = 0;
  console.log(`${engine.name}, matches of ${EVENTS} events, MB:\n`);
  console.log('| instance | RSS | heap total / used | RSS after a full GC | heap total / used after it | external / array buffers | data on disk |\n|---|---|---|---|---|---|---|');
  try {
    await measure('started, empty', server, inspector, engine);
    for (const target of STEPS) {
      await fill(new Api(server.base, KEY), written, target, EVENTS, IN_FLIGHT);
      written = target;
      await measure(`filled to ${fmt(target)} matches`, server, inspector, engine);
      if (HEAP && (heaps.length === 0 || target === STEPS.at(-1))) heaps.push(await heapSnapshot(server, dir));
    }
    inspector.close();
    await stopServer(server);
    server = await startServer(engine, options);
    inspector = await Inspector.attach(server);
    await measure(`fresh, on the same ${fmt(written)} matches`, server, inspector, engine);
    if (!HEAP) return;
    const fresh = await heapSnapshot(server, dir);
    const grown = compare(`${fmt(STEPS[0])} → ${fmt(written)} matches written`, heaps[0], heaps.at(-1)!, written - STEPS[0], 'per match');
    printRetainers(heaps.at(-1)!, grown);
    const kept = compare(`a fresh instance → the filled one, both at ${fmt(written)} matches`, fresh, heaps.at(-1)!, written, 'per match');
    printRetainers(heaps.at(-1)!, kept);
  } finally {
    inspector.close();
    await stopServer(server);
  }
};

const main = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'matchlog-memory-probe-'));
  try {
    if (ENGINE === 'sqlite') return await probe(sqliteEngine(join(dir, 'data'), KEY), dir);
    const postgres = await startPostgres({ durable: true });
    try {
      const database = await createTestDatabase(postgres.url);
      try {
        await probe(postgresEngine(dir, database.url, KEY), dir);
      } finally {
        await database.drop();
      }
    } finally {
      await postgres.stop();
    }
  } finally {
    if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

import { SqliteEventStore } from '@matchlog/store';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, startPostgres } from '@matchlog/testkit';
import { fmt, perSecond } from './measure';
import { LOOP_APPENDS, LOOP_EVENTS, barePostgres, barePostgresLoop, oursOnPostgres, withFreshDatabase } from './store-postgres';
import { READS, READ_ROUNDS, emmettFilled, emmettOnPostgres, oursFilled } from './store-emmett';
import { APPENDS, APPENDS_PER_MATCH, BenchEvent, EVENTS, EVENTS_PER_APPEND, MATCHES, median, playAllMatches, streamIds, workload } from './store-workload';

/**
 * npm run bench:store [-- sqlite|postgres] — 20,000 durable appends of 10 small events over 100
 * matches (store-workload.ts); both parts unless one is named.
 * - SQLite: our store (group commit) beside a bare better-sqlite3 loop doing one transaction per
 *   append over the same workload; both WAL + synchronous=FULL on a fresh file per run. Beside ours,
 *   how often a 1 ms timer got to run meanwhile: whether its writes leave the event loop free.
 * - PostgreSQL (embedded, fsync and synchronous commits on): our store (group commit) beside bare
 *   `pg`, one transaction per append, in a loop on one connection (a tenth of the workload), and with
 *   the same concurrency as ours over 10 connections (store-postgres.ts); a fresh database per run.
 *   Beside them Emmett's PostgreSQL store (store-emmett.ts says what each does per append), the same
 *   appends with their expected versions, then whole-stream reads: each store filled once in its own
 *   database, every match (2,000 events) read whole, all in flight, READ_ROUNDS times per run.
 * Medians of RUNS runs after one warm-up each, the contenders interleaved.
 */
const RUNS = 5;
const POSTGRES_RUNS = 3;

const withFreshFile = async (run: (file: string) => Promise<number>): Promise<number> => {
  const dir = mkdtempSync(join(tmpdir(), 'matchlog-bench-'));
  try {
    return await run(join(dir, 'events.sqlite'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/** The gaps between the ticks of a 1 ms timer during each run of ours (the warm-up's first): how long anything else in the process would have waited. */
const loopGaps: number[][] = [];

const ours = async (file: string): Promise<number> => {
  const store = SqliteEventStore.open(file);
  const gaps: number[] = [];
  let last = performance.now();
  const ticks = setInterval(() => {
    const now = performance.now();
    gaps.push(now - last);
    last = now;
  }, 1);
  const ms = await playAllMatches((streamId, expected, events) => store.append(streamId, expected, events));
  clearInterval(ticks);
  loopGaps.push(gaps);
  await store.close();
  return ms;
};

/** The median over the runs (not the warm-up) of their ticks, their p99 gap and their longest gap. */
const loopLine = (runs: number[][]) => {
  const stats = runs.slice(1).map((gaps) => {
    const sorted = [...gaps].sort((a, b) => a - b);
    return { ticks: gaps.length, p99: sorted[Math.floor((sorted.length - 1) * 0.99)] ?? NaN, max: sorted[sorted.length - 1] ?? NaN };
  });
  const med = (pick: (s: (typeof stats)[number]) => number) => median(stats.map(pick));
  return `the event loop while SqliteEventStore runs, medians of the runs: ${fmt(med((s) => s.ticks))} ticks of a 1 ms timer, p99 gap ${med((s) => s.p99).toFixed(1)} ms, longest ${med((s) => s.max).toFixed(1)} ms`;
};

const bare = async (file: string): Promise<number> => {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(`CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT, stream_id TEXT NOT NULL, revision INTEGER NOT NULL,
    event_id TEXT NOT NULL UNIQUE, type TEXT NOT NULL, data TEXT NOT NULL, meta TEXT, UNIQUE (stream_id, revision))`);
  const maxRevision = db.prepare<[string], number | null>('SELECT MAX(revision) FROM events WHERE stream_id = ?').pluck();
  const insert = db.prepare('INSERT INTO events (stream_id, revision, event_id, type, data, meta) VALUES (?, ?, ?, ?, ?, ?)');
  const append = db.transaction((streamId: string, expected: number, events: BenchEvent[]) => {
    if ((maxRevision.get(streamId) ?? 0) !== expected) throw new Error(`conflict on ${streamId}`);
    events.forEach((e, i) => insert.run(streamId, expected + i + 1, e.id, e.type, JSON.stringify(e.data), JSON.stringify(e.meta)));
  });
  const start = process.hrtime.bigint();
  for (let k = 0; k < APPENDS_PER_MATCH; k++) {
    for (let m = 0; m < MATCHES; m++) append(streamIds[m], k * EVENTS_PER_APPEND, workload[m][k]);
  }
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  db.close();
  return ms;
};

/** The wall times of each contender, run `runs` times each, interleaved, after one warm-up each. */
const interleaved = async <K extends string>(runs: number, contenders: Record<K, () => Promise<number>>): Promise<Record<K, number[]>> => {
  const entries = Object.entries(contenders) as [K, () => Promise<number>][];
  for (const [, run] of entries) await run();
  const times = Object.fromEntries(entries.map(([name]) => [name, [] as number[]])) as Record<K, number[]>;
  for (let r = 0; r < runs; r++) for (const [name, run] of entries) times[name].push(await run());
  return times;
};

const rateOf = (events: number, ms: number[]) => perSecond(events, median(ms));
const row = (label: string, appends: number, events: number, ms: number[], baselines: number[] = []) =>
  `| ${label} | ${fmt(appends)} | ${fmt(events)} | ${fmt(Math.round(median(ms)))} | ${fmt(rateOf(events, ms))} | ${baselines.map((b) => (rateOf(events, ms) / b).toFixed(2)).join(' / ')} |`;
const runsOf = (times: Record<string, number[]>) =>
  Object.entries(times)
    .map(([name, ms]) => `${name} ${ms.map(Math.round).join(', ')}`)
    .join('; ');

const sqlitePart = async () => {
  const times = await interleaved(RUNS, { ours: () => withFreshFile(ours), bare: () => withFreshFile(bare) });
  console.log(`SQLite runs (ms): ${runsOf(times)}\n`);
  console.log('| store | appends | events | median ms | events/s | ours / bare |');
  console.log('|---|---|---|---|---|---|');
  console.log(row('bare better-sqlite3, one transaction per append (baseline)', APPENDS, EVENTS, times.bare));
  console.log(row('SqliteEventStore, group commit', APPENDS, EVENTS, times.ours, [rateOf(EVENTS, times.bare)]));
  console.log(`\n${loopLine(loopGaps)}`);
};

const postgresPart = async () => {
  const server = await startPostgres({ durable: true });
  try {
    const { url } = server;
    const times = await interleaved(POSTGRES_RUNS, {
      ours: () => withFreshDatabase(url, oursOnPostgres),
      emmett: () => withFreshDatabase(url, emmettOnPostgres),
      loop: () => withFreshDatabase(url, barePostgresLoop),
      pool: () => withFreshDatabase(url, barePostgres),
    });
    const [loop, pool, emmett] = [rateOf(LOOP_EVENTS, times.loop), rateOf(EVENTS, times.pool), rateOf(EVENTS, times.emmett)];
    console.log(`\nPostgreSQL runs (ms): ${runsOf(times)}\n`);
    console.log('| store | appends | events | median ms | events/s | ours / loop / pool / Emmett |');
    console.log('|---|---|---|---|---|---|');
    console.log(row('bare pg, one transaction per append, a loop on one connection (baseline)', LOOP_APPENDS, LOOP_EVENTS, times.loop));
    console.log(row('bare pg, one transaction per append, every match in flight on 10 connections', APPENDS, EVENTS, times.pool));
    console.log(row("Emmett's PostgreSQL store 0.42.0, one transaction per append, every match in flight, its pool (10)", APPENDS, EVENTS, times.emmett));
    console.log(row('PostgresEventStore, group commit', APPENDS, EVENTS, times.ours, [loop, pool, emmett]));
    console.log(
      `appends/s: ours ${fmt(perSecond(APPENDS, median(times.ours)))}, Emmett ${fmt(perSecond(APPENDS, median(times.emmett)))}: ours / Emmett ${(median(times.emmett) / median(times.ours)).toFixed(2)}`,
    );
    await readsPart(url);
  } finally {
    await server.stop();
  }
};

/** Whole-stream reads on a store each filled once with the workload, the two interleaved. */
const readsPart = async (url: string) => {
  const databases = [await createTestDatabase(url), await createTestDatabase(url)];
  const perStream = APPENDS_PER_MATCH * EVENTS_PER_APPEND;
  const stores = { ours: await oursFilled(databases[0].url, perStream), emmett: await emmettFilled(databases[1].url, perStream) };
  try {
    const times = await interleaved(POSTGRES_RUNS, { ours: () => stores.ours.reads(), emmett: () => stores.emmett.reads() });
    const readRate = (ms: number[]) => perSecond(READS, median(ms));
    console.log(`\nPostgreSQL whole-stream reads, runs (ms): ${runsOf(times)}\n`);
    console.log('| store | reads of a 2,000-event stream | events | median ms | reads/s | events/s | ours / Emmett |');
    console.log('|---|---|---|---|---|---|---|');
    for (const name of ['emmett', 'ours'] as const) {
      const label = name === 'ours' ? 'PostgresEventStore.readStream' : "Emmett's readStream";
      const ratio = name === 'ours' ? (median(times.emmett) / median(times.ours)).toFixed(2) : '';
      console.log(
        `| ${label} | ${fmt(READS)} (${READ_ROUNDS} rounds, all in flight) | ${fmt(READS * perStream)} | ${fmt(Math.round(median(times[name])))} | ${fmt(readRate(times[name]))} | ${fmt(rateOf(READS * perStream, times[name]))} | ${ratio} |`,
      );
    }
  } finally {
    await Promise.all([stores.ours.close(), stores.emmett.close()]);
    for (const database of databases) await database.drop();
  }
};

const main = async () => {
  const only = process.argv[2];
  const cpu = cpus();
  console.log(`Node ${process.version}, ${cpu.length} cores (${cpu[0]?.model.trim()}), ${new Date().toISOString().slice(0, 10)}`);
  if (only !== 'postgres') await sqlitePart();
  if (only !== 'sqlite') await postgresPart();
};

void main();

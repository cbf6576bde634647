import { SqliteEventStore } from '@matchlog/store';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgres } from '../test/support/postgres';
import { fmt, perSecond } from './measure';
import { barePostgres, oursOnPostgres, withFreshDatabase } from './store-postgres';
import { APPENDS, APPENDS_PER_MATCH, BenchEvent, EVENTS, EVENTS_PER_APPEND, MATCHES, median, playAllMatches, streamIds, workload } from './store-workload';

/**
 * npm run bench:store — 20,000 durable appends of 10 small events over 100 matches (store-workload.ts).
 * - SQLite: our store (group commit) beside a bare better-sqlite3 loop doing one transaction per
 *   append over the same workload; both WAL + synchronous=FULL on a fresh file per run.
 * - PostgreSQL (embedded, fsync and synchronous commits on): our store (group commit) beside bare
 *   `pg`, one transaction per append, with the same concurrency (store-postgres.ts); a fresh database per run.
 * Medians of RUNS runs after one warm-up each, each pair interleaved.
 */
const RUNS = 5;

const withFreshFile = async (run: (file: string) => Promise<number>): Promise<number> => {
  const dir = mkdtempSync(join(tmpdir(), 'matchlog-bench-'));
  try {
    return await run(join(dir, 'events.sqlite'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const ours = async (file: string): Promise<number> => {
  const store = SqliteEventStore.open(file);
  const ms = await playAllMatches((streamId, expected, events) => store.append(streamId, expected, events));
  await store.close();
  return ms;
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

/** Medians of `ours` and `bare`, run RUNS times each, interleaved, after one warm-up each. */
const pair = async (ours: () => Promise<number>, bare: () => Promise<number>) => {
  await ours();
  await bare();
  const times = { ours: [] as number[], bare: [] as number[] };
  for (let r = 0; r < RUNS; r++) {
    times.ours.push(await ours());
    times.bare.push(await bare());
  }
  return times;
};

const row = (label: string, ms: number[], baseline?: number[]) => {
  const rate = perSecond(EVENTS, median(ms));
  const ratio = baseline === undefined ? '' : (rate / perSecond(EVENTS, median(baseline))).toFixed(2);
  return `| ${label} | ${fmt(APPENDS)} | ${fmt(EVENTS)} | ${fmt(Math.round(median(ms)))} | ${fmt(rate)} | ${ratio} |`;
};

const main = async () => {
  const sqlite = await pair(() => withFreshFile(ours), () => withFreshFile(bare));
  const server = await startPostgres({ durable: true });
  let postgres;
  try {
    postgres = await pair(() => withFreshDatabase(server.url, oursOnPostgres), () => withFreshDatabase(server.url, barePostgres));
  } finally {
    await server.stop();
  }
  const cpu = cpus();
  const runs = (times: { ours: number[]; bare: number[] }) => `ours ${times.ours.map(Math.round).join(', ')}; bare ${times.bare.map(Math.round).join(', ')}`;
  console.log(`Node ${process.version}, ${cpu.length} cores (${cpu[0]?.model.trim()}), ${new Date().toISOString().slice(0, 10)}`);
  console.log(`runs (ms): SQLite: ${runs(sqlite)}; PostgreSQL: ${runs(postgres)}\n`);
  console.log('| store | appends | events | median ms | events/s | ours / bare |');
  console.log('|---|---|---|---|---|---|');
  console.log(row('bare better-sqlite3, one transaction per append (baseline)', sqlite.bare));
  console.log(row('SqliteEventStore, group commit', sqlite.ours, sqlite.bare));
  console.log(row('bare pg, one transaction per append, 10 connections (baseline)', postgres.bare));
  console.log(row('PostgresEventStore, group commit', postgres.ours, postgres.bare));
};

void main();

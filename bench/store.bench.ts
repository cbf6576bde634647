import { SqliteEventStore } from '@matchlog/store';
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, perSecond } from './measure';

/**
 * npm run bench:store — 20,000 durable appends of 10 small events over 100 matches, each with its
 * expected revision, as a server makes them: every match awaits its own appends, all matches are in
 * flight together. Our SQLite store (group commit) beside a bare better-sqlite3 loop doing one
 * transaction per append over the same workload; both WAL + synchronous=FULL on a fresh file per
 * run; medians of RUNS runs after one warm-up each, the two interleaved.
 */
const MATCHES = 100;
const APPENDS = 20_000;
const EVENTS_PER_APPEND = 10;
const RUNS = 5;
const APPENDS_PER_MATCH = APPENDS / MATCHES;
const EVENTS = APPENDS * EVENTS_PER_APPEND;

interface BenchEvent {
  id: string;
  type: string;
  data: unknown;
  meta: unknown;
}

/** workload[match][k]: the k-th append of the match */
const workload: BenchEvent[][][] = Array.from({ length: MATCHES }, (_, m) =>
  Array.from({ length: APPENDS_PER_MATCH }, (_, k) =>
    Array.from({ length: EVENTS_PER_APPEND }, (_, e) => ({
      id: randomUUID(),
      type: 'CardMoved',
      data: { cardId: `p${1 + (e % 2)}-c${(k * EVENTS_PER_APPEND + e) % 60}`, from: { zone: 'deck', player: 'p1' }, to: { zone: 'hand', player: 'p1' } },
      meta: { recordedBy: `table-${m}`, recordedAt: '2026-11-21T14:03:22.118Z' },
    })),
  ),
);
const streamIds = workload.map(() => randomUUID());

const withFreshFile = async (run: (file: string) => Promise<number>): Promise<number> => {
  const dir = mkdtempSync(join(tmpdir(), 'matchlog-bench-'));
  try {
    return await run(join(dir, 'events.sqlite'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const ours = (file: string): Promise<number> => {
  const store = SqliteEventStore.open(file);
  const match = async (m: number) => {
    for (let k = 0; k < APPENDS_PER_MATCH; k++) await store.append(streamIds[m], k * EVENTS_PER_APPEND, workload[m][k]);
  };
  const start = process.hrtime.bigint();
  return Promise.all(workload.map((_, m) => match(m))).then(async () => {
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    await store.close();
    return ms;
  });
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

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const main = async () => {
  await withFreshFile(ours);
  await withFreshFile(bare);
  const times = { ours: [] as number[], bare: [] as number[] };
  for (let r = 0; r < RUNS; r++) {
    times.ours.push(await withFreshFile(ours));
    times.bare.push(await withFreshFile(bare));
  }
  const oursRate = perSecond(EVENTS, median(times.ours));
  const bareRate = perSecond(EVENTS, median(times.bare));
  const cpu = cpus();
  console.log(`Node ${process.version}, ${cpu.length} cores (${cpu[0]?.model.trim()}), ${new Date().toISOString().slice(0, 10)}; runs (ms): ours ${times.ours.map(Math.round).join(', ')}; bare ${times.bare.map(Math.round).join(', ')}\n`);
  console.log('| store | appends | events | median ms | events/s | ours / bare |');
  console.log('|---|---|---|---|---|---|');
  console.log(`| bare better-sqlite3, one transaction per append (baseline) | ${fmt(APPENDS)} | ${fmt(EVENTS)} | ${fmt(Math.round(median(times.bare)))} | ${fmt(bareRate)} | |`);
  console.log(`| SqliteEventStore, group commit | ${fmt(APPENDS)} | ${fmt(EVENTS)} | ${fmt(Math.round(median(times.ours)))} | ${fmt(oursRate)} | ${(oursRate / bareRate).toFixed(2)} |`);
};

void main();

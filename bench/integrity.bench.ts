import { SqliteEventStore, closeSqliteFile, fullIntegrityProblems, integrityProblems, openSqliteFile } from '@matchlog/store';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt } from './measure';

/**
 * npm run bench:integrity — what the start-up quick_check costs on an events.sqlite of 1,000,000
 * events (1,000 matches of 1,000 events, each ~350 bytes with its recorder meta and hash chain, as
 * the server writes them), beside an open without it, and the full integrity_check of
 * `npm run check-integrity`. Median of RUNS runs, each a fresh open of the file (the OS page cache is
 * warm after the first).
 */
const MATCHES = 1_000;
const EVENTS_PER_MATCH = 1_000;
const RUNS = 5;

const median = (times: number[]): number => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
const timed = (work: () => void): number => {
  const start = process.hrtime.bigint();
  work();
  return Number(process.hrtime.bigint() - start) / 1e6;
};

const fill = async (file: string): Promise<void> => {
  const store = SqliteEventStore.open(file);
  for (let m = 0; m < MATCHES; m++) {
    const events = Array.from({ length: EVENTS_PER_MATCH }, (_, i) => ({
      id: randomUUID(),
      type: 'CardMoved',
      data: { cardId: `p${1 + (i % 2)}-c${i % 60}`, from: { zone: 'deck', player: 'p1' }, to: { zone: 'hand', player: 'p1' } },
      meta: { recordedBy: 'organizer', recordedAt: '2026-11-21T14:03:22.118Z', previous: randomUUID().replace(/-/g, '').repeat(2), hash: randomUUID().replace(/-/g, '').repeat(2) },
    }));
    await store.append(`match-${m}`, 0, events);
  }
  await store.close();
};

const main = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'matchlog-bench-integrity-'));
  const file = join(dir, 'events.sqlite');
  try {
    const filling = process.hrtime.bigint();
    await fill(file);
    console.log(
      `${fmt(MATCHES * EVENTS_PER_MATCH)} events, ${fmt(Math.round(statSync(file).size / 2 ** 20))} MiB, written in ${fmt(Math.round(Number(process.hrtime.bigint() - filling) / 1e6))} ms`,
    );
    const openOnly: number[] = [];
    const quick: number[] = [];
    const full: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      openOnly.push(timed(() => closeSqliteFile(openSqliteFile(file, { synchronous: 'FULL', quickCheck: false }), file)));
      const db = openSqliteFile(file, { synchronous: 'FULL', quickCheck: false });
      quick.push(timed(() => integrityProblems(db, 'quick')));
      closeSqliteFile(db, file);
      full.push(timed(() => fullIntegrityProblems(file)));
    }
    console.log(`Node ${process.version}, ${cpus().length} cores (${cpus()[0].model}); medians of ${RUNS} runs, ms`);
    console.log('| step | median ms | runs |');
    console.log('|---|---|---|');
    for (const [step, times] of [
      ['open, no check', openOnly],
      ['quick_check (added to every start)', quick],
      ['integrity_check (npm run check-integrity)', full],
    ] as const) {
      console.log(`| ${step} | ${fmt(Math.round(median(times)))} | ${times.map((t) => fmt(Math.round(t))).join(', ')} |`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

void main();

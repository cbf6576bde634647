import { randomBytes } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { cpus, loadavg, tmpdir } from 'os';
import { join } from 'path';
import { ServerProcess, createTestDatabase, startPostgres } from '@matchlog/testkit';
import { fmt } from './measure';
import { Api, createBody, inParallel, matchIdOf, playOf, playerNameOf, templates } from './scale-fill';
import { Engine, postgresEngine, rssOf, sqliteEngine, startServer, stopServer } from './scale-server';

/**
 * npm run bench:soak — whether a server's memory stays flat through a long day: the compiled server (as
 * bench:scale starts it) takes a steady load for BENCH_SOAK_MINUTES (30) on each of BENCH_SOAK_ENGINES
 * (sqlite,postgres): BENCH_SOAK_RATE (40) operations a second on 4 connections, each in turn one of
 * - a new match: created (two named players, a tournament round and table), its first 20 events appended;
 * - 10 more events appended to one of the last LIVE matches created (a table playing on);
 * - GET /matches/:id/views/public of any match written so far, and of a live one;
 * - GET /matches?player= of a player of any match written so far.
 * Its RSS (VmRSS) is read every 5 s and printed every minute: the last reading, and the median of the
 * minute's readings (one reading falls anywhere in V8's collection cycle, which moves it by tens of MB).
 * At the end, the ratio to minute 5 (the target: within 10 %), of the medians and of the last readings;
 * a run shorter than 5 minutes compares with its first minute instead, and says so.
 */
const ENGINES = (process.env.BENCH_SOAK_ENGINES ?? 'sqlite,postgres').split(',');
const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 30);
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 40);
const CONNECTIONS = 4;
/** tables playing at once: appends go to the newest LIVE matches */
const LIVE = 64;
const FIRST_EVENTS = 20;
const MORE_EVENTS = 10;
const BASELINE_MINUTE = 5;
const KEY = randomBytes(32).toString('base64url');

interface Minute {
  readonly minute: number;
  /** the last reading of the minute */
  readonly rss: number;
  /** the median of the minute's readings, one every 5 s */
  readonly median: number;
  readonly operations: number;
  readonly matches: number;
}

/** One engine's soak: the RSS at each minute's end. */
const soak = async (engine: Engine): Promise<Minute[]> => {
  const server: ServerProcess = await startServer(engine);
  const api = new Api(server.base, KEY);
  const pool = templates(FIRST_EVENTS + MORE_EVENTS * 40);
  const revisions = new Map<number, number>();
  const busy = new Set<number>();
  let matches = 0;
  let operations = 0;
  const random = (n: number) => Math.floor(Math.random() * n);

  const create = async () => {
    const i = matches++;
    const template = pool[i % pool.length];
    busy.add(i);
    await api.send('POST', '/matches', createBody(i, template));
    await api.send('POST', `/matches/${matchIdOf(i)}/events`, { expectedRevision: 1, events: playOf(template, FIRST_EVENTS) });
    revisions.set(i, FIRST_EVENTS);
    busy.delete(i);
  };
  const playOn = async () => {
    const i = matches - 1 - random(Math.min(LIVE, matches));
    const revision = revisions.get(i);
    const template = pool[i % pool.length];
    // a match another connection is appending to, or one at the end of its template, is left alone this turn
    if (revision === undefined || busy.has(i) || revision + MORE_EVENTS > template.length) return create();
    busy.add(i);
    const events = template.slice(revision, revision + MORE_EVENTS).map((e) => ({ type: e.type, data: e.data }));
    await api.send('POST', `/matches/${matchIdOf(i)}/events`, { expectedRevision: revision, events });
    revisions.set(i, revision + MORE_EVENTS);
    busy.delete(i);
  };
  const view = (i: number) => (revisions.has(i) ? api.send('GET', `/matches/${matchIdOf(i)}/views/public`) : Promise.resolve());
  const mix = [
    create,
    playOn,
    playOn,
    () => view(random(matches)),
    () => view(matches - 1 - random(Math.min(LIVE, matches))),
    () => api.send('GET', `/matches?player=${encodeURIComponent(playerNameOf(random(matches), 0))}`),
  ];

  const minutes: Minute[] = [];
  const started = Date.now();
  const end = started + MINUTES * 60_000;
  let nextMinute = started + 60_000;
  let readings: number[] = [];
  const reader = setInterval(() => readings.push(rssOf(server.child.pid) ?? 0), 5_000);
  try {
    await create();
    await inParallel(0, Number.MAX_SAFE_INTEGER, CONNECTIONS, async () => {
      if (Date.now() >= end) throw new Done();
      // steady: operation k is due at k / RATE seconds
      const due = started + (operations * 1000) / RATE;
      if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
      await mix[operations++ % mix.length]();
      if (Date.now() >= nextMinute) {
        const rss = rssOf(server.child.pid) ?? 0;
        minutes.push({ minute: minutes.length + 1, rss, median: medianOf([...readings, rss]), operations, matches });
        readings = [];
        nextMinute += 60_000;
        console.error(
          `  ${engine.name}: minute ${minutes.length}: RSS ${mb(rss)} MB (the minute's median ${mb(minutes.at(-1)!.median)}), ${fmt(operations)} operations, ${fmt(matches)} matches`,
        );
      }
    }).catch((error: unknown) => {
      if (!(error instanceof Done)) throw error;
    });
  } finally {
    clearInterval(reader);
    await stopServer(server);
  }
  return minutes;
};

const medianOf = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

class Done extends Error {}

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

const report = (engine: string, minutes: Minute[]) => {
  console.log(`\n### ${engine}\n\n| minute | RSS MB, last reading | RSS MB, the minute's median | operations | matches |\n|---|---|---|---|---|`);
  for (const m of minutes) console.log(`| ${m.minute} | ${mb(m.rss)} | ${mb(m.median)} | ${fmt(m.operations)} | ${fmt(m.matches)} |`);
  const base = minutes.find((m) => m.minute === BASELINE_MINUTE) ?? minutes[0];
  const last = minutes.at(-1);
  if (!base || !last) return console.log('\nno minute completed: run for a minute at least');
  const ratio = last.median / base.median;
  const against = base.minute === BASELINE_MINUTE ? `minute ${BASELINE_MINUTE}` : `minute ${base.minute} (the run is shorter than ${BASELINE_MINUTE} minutes)`;
  console.log(
    `\nRSS in the last minute ÷ RSS in ${against}, the minutes' medians: ${ratio.toFixed(3)} (target ≤ 1.10: ${ratio <= 1.1 ? 'met' : 'NOT met'}); ` +
      `the last readings: ${(last.rss / base.rss).toFixed(3)}`,
  );
};

const withEngine = async (name: string): Promise<Minute[]> => {
  const dir = mkdtempSync(join(tmpdir(), 'matchlog-bench-soak-'));
  try {
    if (name === 'sqlite') return await soak(sqliteEngine(dir, KEY));
    const postgres = await startPostgres({ durable: true });
    try {
      const database = await createTestDatabase(postgres.url);
      try {
        return await soak(postgresEngine(dir, database.url, KEY));
      } finally {
        await database.drop();
      }
    } finally {
      await postgres.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const main = async () => {
  const load = loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');
  const started = new Date();
  const results: [string, Minute[]][] = [];
  for (const name of ENGINES) results.push([name, await withEngine(name)]);
  console.log(
    `node ${process.version}, ${cpus().length} cores, load average ${load} before the run, ${started.toISOString()} – ${new Date().toISOString()}; ` +
      `the compiled server (dist/), one instance; ${MINUTES} minute${MINUTES === 1 ? '' : 's'} of ${RATE} operations a second on ${CONNECTIONS} connections`,
  );
  for (const [name, minutes] of results) report(name === 'sqlite' ? 'SQLite' : 'PostgreSQL (embedded, durable)', minutes);
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

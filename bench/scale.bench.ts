import { randomBytes } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { cpus, loadavg, tmpdir } from 'os';
import { join } from 'path';
import { ServerProcess, createTestDatabase, startPostgres } from '@matchlog/testkit';
import { fmt } from './measure';
import { Api, createBody, endedPlayOf, inParallel, matchIdOf, playerNameOf, templates, tournamentOf } from './scale-fill';
import { Engine, postgresEngine, rssOf, sqliteEngine, startServer, stopServer, timedRebuild } from './scale-server';

/**
 * npm run bench:scale — how cost grows with the data: fills one server (the compiled server as a child
 * process) step by step through its HTTP API (scale-fill.ts: generated matches of the three games, each
 * created, then its play and its end appended in one batch) and at each step measures, client-side, one request at a
 * time or on a few connections:
 * - rebuild: `npm run rebuild` (compiled), the server stopped; then the server is started again, so
 * - cold view: the first GET /matches/:id/views/public of SAMPLES matches never read by this process,
 *   among those filled with EVENTS_PER_MATCH events (not the MatchCreated-only ones past MAX_EVENTS);
 * - warm view: the same matches again, 5 × SAMPLES requests on 4 connections;
 * - player: GET /matches?player=<name> (every name plays 10 matches), round: GET /rounds/results?event=&round= (64 tables);
 * - stats: GET /stats/cards?game=lorcana (the public card table, summed over the whole history), and after the
 *   fill how long the statistics' projection took to reach the log's head (the organizer's /health/ready);
 * - append: POST /matches/:id/events of 10 events, SAMPLES of them on 4 connections over 8 matches, none in two appends at once;
 * - disk bytes per event (SQLite: every file of the data directory, WAL included; PostgreSQL: pg_database_size
 *   of the one database holding the store and the catalog) and the server's RSS (VmRSS): the filling instance's
 *   after the fill, and the fresh instance's (started on the same store after the fill) after the probes;
 *   after the last step, the ratio of the two (the target: ≤ 1.25), with the filling instance's RSS read at the
 *   fill's end and again after it idled BENCH_SCALE_IDLE_MS (10000).
 * Environment: BENCH_SCALE_ENGINES (sqlite,postgres), BENCH_SCALE_MATCHES (1000,10000,100000),
 * BENCH_SCALE_EVENTS_PER_MATCH (100), BENCH_SCALE_MAX_EVENTS (1000000: steps stop adding play there and add
 * matches of their MatchCreated alone; 10000000 gives 100 events per match up to 100,000 matches),
 * BENCH_SCALE_SAMPLES (200), BENCH_SCALE_KEEP=1 (keep SQLite's data directory, and print it and the organizer key).
 */
const numbers = (value: string | undefined, fallback: number[]) => (value ? value.split(',').map(Number) : fallback);
const STEPS = numbers(process.env.BENCH_SCALE_MATCHES, [1_000, 10_000, 100_000]);
const EVENTS_PER_MATCH = Number(process.env.BENCH_SCALE_EVENTS_PER_MATCH ?? 100);
const MAX_EVENTS = Number(process.env.BENCH_SCALE_MAX_EVENTS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SCALE_SAMPLES ?? 200);
const ENGINES = (process.env.BENCH_SCALE_ENGINES ?? 'sqlite,postgres').split(',');
/** the most events one append may carry (apps/api/src/schemas/append-body.schema.ts) */
const MAX_BATCH = 500;
const FILL_IN_FLIGHT = 16;
const PROBE_CONNECTIONS = 4;
/** keep SQLite's data directory (to look at its query plans, or profile a start on it); the organizer key is printed too */
const KEEP = process.env.BENCH_SCALE_KEEP === '1';
const KEY = randomBytes(32).toString('base64url');
/** how long the filling instance idles after each fill before its RSS is read again (BENCH_SCALE_IDLE_MS) */
const IDLE_MS = Number(process.env.BENCH_SCALE_IDLE_MS ?? 10_000);

interface Step {
  matches: number;
  events: number;
  fillS: number;
  rebuildS: number;
  startS: number;
  append: number[];
  cold: number[];
  warm: number[];
  player: number[];
  round: number[];
  stats: number[];
  /** seconds from the fill's end until the statistics held the whole log */
  statsCatchUpS: number;
  /** the card table's rows and the games they count, at the step */
  statsCards: number;
  statsGames: number;
  diskBytes: number;
  rssFill?: number;
  /** the filling instance's RSS once it has been idle IDLE_MS after the fill */
  rssIdle?: number;
  rss?: number;
  /** the fresh instance's RSS once it too has been idle IDLE_MS after its probes */
  rssFreshIdle?: number;
}

/** The wall time of each of `n` requests in ms, `connections` in flight at once. */
const latencies = async (n: number, connections: number, request: (k: number) => Promise<unknown>): Promise<number[]> => {
  const ms: number[] = [];
  await inParallel(0, n, connections, async (k) => {
    const start = process.hrtime.bigint();
    await request(k);
    ms.push(Number(process.hrtime.bigint() - start) / 1e6);
  });
  return ms.sort((a, b) => a - b);
};
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const p50p99 = (sorted: number[]) => (sorted.length === 0 ? '–' : `${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 99).toFixed(1)}`);

/** A match the append probe may append 10 events to for ever (as bench:http's). */
const probeMatch = (matchId: string) => ({
  matchId,
  game: 'lorcana',
  players: [{ id: 'p1' }, { id: 'p2' }],
  cards: [{ cardId: 'c1', owner: 'p1', definition: 'Stitch - Rock Star', zone: { zone: 'play', player: 'p1' } }],
});
const tenEvents = () =>
  Array.from({ length: 10 }, (_, k) =>
    k % 2 === 0
      ? { type: 'TurnStarted', data: { player: k % 4 === 0 ? 'p1' : 'p2', turn: k } }
      : { type: 'CardStatusChanged', data: { cardId: 'c1', exerted: k % 3 === 0, damage: k } },
  );

const random = (n: number) => Math.floor(Math.random() * n);

const runEngine = async (engine: Engine): Promise<Step[]> => {
  const steps: Step[] = [];
  let server: ServerProcess = await startServer(engine);
  let matches = 0;
  let events = 0;
  const read = new Set<number>();
  /** the views are sampled among the first `viewable` matches: those filled with about EVENTS_PER_MATCH events (past MAX_EVENTS, matches hold one) */
  let viewable = 0;
  try {
    for (const [s, target] of STEPS.entries()) {
      let api = new Api(server.base, KEY);
      const fresh = target - matches;
      const eventsTarget = Math.min(target * EVENTS_PER_MATCH, MAX_EVENTS);
      const perMatch = Math.max(1, Math.min(MAX_BATCH + 1, Math.floor((eventsTarget - events) / Math.max(fresh, 1))));
      const pool = templates(perMatch);
      const fillStart = process.hrtime.bigint();
      let progress = 0;
      await inParallel(matches, target, FILL_IN_FLIGHT, async (i) => {
        const template = pool[i % pool.length];
        await api.send('POST', '/matches', createBody(i, template));
        const play = endedPlayOf(template, perMatch, i);
        if (play.length > 0) await api.send('POST', `/matches/${matchIdOf(i)}/events`, { expectedRevision: 1, events: play });
        events += 1 + play.length;
        if (++progress % 10_000 === 0) console.error(`  ${engine.name}: ${fmt(matches + progress)} matches, ${fmt(events)} events`);
      });
      matches = target;
      if (viewable === 0 || perMatch >= Math.min(EVENTS_PER_MATCH, MAX_BATCH + 1) / 2) viewable = target;
      const fillS = Number(process.hrtime.bigint() - fillStart) / 1e9;
      const rssFill = rssOf(server.child.pid);
      const statsCatchUpS = await statsCaughtUp(api);
      // idle: the server collects the fill's garbage (apps/api/src/idle-collector.ts): what the instance keeps, not what it last allocated
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
      const rssIdle = rssOf(server.child.pid);

      await stopServer(server);
      const rebuildS = (await timedRebuild(engine)) / 1000;
      const startAt = process.hrtime.bigint();
      server = await startServer(engine);
      const startS = Number(process.hrtime.bigint() - startAt) / 1e9;
      api = new Api(server.base, KEY);

      const sample: number[] = [];
      const unread = Math.min(SAMPLES, viewable - read.size);
      while (sample.length < unread) {
        const i = random(viewable);
        if (read.has(i)) continue;
        read.add(i);
        sample.push(i);
      }
      const view = (i: number) => api.send('GET', `/matches/${matchIdOf(i)}/views/public`);
      const cold = await latencies(sample.length, 1, (k) => view(sample[k]));
      const warm = await latencies(sample.length * 5, PROBE_CONNECTIONS, (k) => view(sample[k % sample.length]));
      const player = await latencies(SAMPLES, PROBE_CONNECTIONS, async () => {
        const page = (await api.send('GET', `/matches?player=${encodeURIComponent(playerNameOf(random(matches), 0))}`)) as { matches: unknown[] };
        if (page.matches.length === 0) throw new Error('GET /matches?player= found no match');
      });
      const round = await latencies(SAMPLES, PROBE_CONNECTIONS, async () => {
        const { event, round } = tournamentOf(random(matches));
        await api.send('GET', `/rounds/results?event=${encodeURIComponent(event)}&round=${round}`);
      });
      let table = { cards: [] as { games: number }[] };
      const stats = await latencies(SAMPLES, PROBE_CONNECTIONS, async () => {
        table = (await api.send('GET', '/stats/cards?game=lorcana')) as typeof table;
      });
      const probes = Array.from({ length: PROBE_CONNECTIONS * 2 }, (_, k) => `scale-append-${s}-${k}`);
      for (const id of probes) await api.send('POST', '/matches', probeMatch(id));
      const revisions = new Map(probes.map((id) => [id, 1]));
      // each append takes a match no other append in flight holds, and gives it back
      const idle = [...probes];
      const append = await latencies(SAMPLES, PROBE_CONNECTIONS, async () => {
        const id = idle.shift()!;
        const expectedRevision = revisions.get(id)!;
        await api.send('POST', `/matches/${id}/events`, { expectedRevision, events: tenEvents() });
        revisions.set(id, expectedRevision + 10);
        idle.push(id);
      });
      events += probes.length + SAMPLES * 10;
      const rss = rssOf(server.child.pid);
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
      const rssFreshIdle = rssOf(server.child.pid);
      const step: Step = {
        matches,
        events,
        fillS,
        rebuildS,
        startS,
        append,
        cold,
        warm,
        player,
        round,
        stats,
        statsCatchUpS,
        statsCards: table.cards.length,
        statsGames: table.cards.reduce((sum, card) => Math.max(sum, card.games), 0),
        diskBytes: await engine.diskBytes(),
        rssFill,
        rssIdle,
        rss,
        rssFreshIdle,
      };
      steps.push(step);
      console.error(`  ${engine.name}: step ${s + 1} of ${STEPS.length} measured (${fmt(matches)} matches, ${fmt(events)} events)`);
    }
  } finally {
    await stopServer(server);
  }
  return steps;
};

/** Polls the organizer's /health/ready until the statistics' projection holds every event the catalog holds, and nothing waits; seconds taken. */
const statsCaughtUp = async (api: Api): Promise<number> => {
  const start = process.hrtime.bigint();
  for (;;) {
    const ready = (await api.send('GET', '/health/ready', undefined, 200, true)) as { catalog: { position: number; behind: number }; stats?: { position: number; behind: number } };
    if (ready.stats === undefined) throw new Error('/health/ready shows no statistics: is the server built from this checkout?');
    if (ready.catalog.behind === 0 && ready.stats.behind === 0 && ready.stats.position >= ready.catalog.position) return Number(process.hrtime.bigint() - start) / 1e9;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const mb = (bytes: number | undefined) => (bytes === undefined ? '' : (bytes / 2 ** 20).toFixed(0));

const printTable = (engine: string, steps: Step[]) => {
  console.log(`\n### ${engine}\n`);
  console.log(
    '| matches | events | fill s | append p50 / p99 ms | cold view p50 / p99 ms | warm view p50 / p99 ms | ?player p50 / p99 ms | rounds/results p50 / p99 ms | stats/cards p50 / p99 ms (cards, most games) | stats caught up s after fill | rebuild s (catalog and statistics) | start s | disk bytes / event | RSS MB after fill / after probes |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const s of steps) {
    console.log(
      `| ${fmt(s.matches)} | ${fmt(s.events)} | ${s.fillS.toFixed(0)} | ${p50p99(s.append)} | ${p50p99(s.cold)} | ${p50p99(s.warm)} | ${p50p99(s.player)} | ${p50p99(s.round)} | ${p50p99(s.stats)} (${fmt(s.statsCards)}, ${fmt(s.statsGames)}) | ${s.statsCatchUpS.toFixed(1)} | ${s.rebuildS.toFixed(1)} | ${s.startS.toFixed(1)} | ${fmt(Math.round(s.diskBytes / s.events))} | ${mb(s.rssFill)} / ${mb(s.rss)} |`,
    );
  }
  const last = steps.at(-1);
  if (last?.rssFill === undefined || last.rssIdle === undefined || last.rss === undefined || last.rssFreshIdle === undefined) return;
  const [atEnd, idle] = [last.rssFill / last.rss, last.rssIdle / last.rssFreshIdle];
  console.log(
    `\nRSS of the instance that filled ${fmt(last.matches)} matches ÷ RSS of a fresh instance serving the same store (restarted after the fill, after the probes): ` +
      `at the fill's end ${mb(last.rssFill)} ÷ ${mb(last.rss)} MB (the fresh one just after its probes) = ${atEnd.toFixed(2)}; ` +
      `both idle ${IDLE_MS / 1000} s after their work ${mb(last.rssIdle)} ÷ ${mb(last.rssFreshIdle)} MB = ${idle.toFixed(2)} ` +
      `(target ≤ 1.25: ${idle <= 1.25 ? 'met' : 'NOT met'} idle, ${atEnd <= 1.25 ? 'met' : 'NOT met'} at the end)`,
  );
};

const withEngine = async (name: string, run: (engine: Engine) => Promise<Step[]>): Promise<Step[]> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'matchlog-bench-scale-'));
  try {
    if (name === 'sqlite') return await run(sqliteEngine(dataDir, KEY));
    const postgres = await startPostgres({ durable: true });
    try {
      const database = await createTestDatabase(postgres.url);
      try {
        return await run(postgresEngine(dataDir, database.url, KEY));
      } finally {
        await database.drop();
      }
    } finally {
      await postgres.stop();
    }
  } finally {
    if (KEEP && name === 'sqlite') console.error(`  sqlite: the data directory is kept: ${dataDir} (MATCHLOG_ORGANIZER_KEY=${KEY})`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
};

const main = async () => {
  const load = loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');
  const started = new Date();
  const results: [string, Step[]][] = [];
  for (const name of ENGINES) results.push([name, await withEngine(name, runEngine)]);
  console.log(
    `node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model.trim()}), load average ${load} before the run, ${started.toISOString()} – ${new Date().toISOString()}; ` +
      `the compiled server (dist/), one instance; steps ${STEPS.map(fmt).join(', ')} matches, up to ${EVENTS_PER_MATCH} events per match and ${fmt(MAX_EVENTS)} events; ${SAMPLES} samples per probe; latencies client-side`,
  );
  for (const [name, steps] of results)
    printTable(name === 'sqlite' ? 'SQLite (store and catalog files)' : 'PostgreSQL (embedded, durable; store and catalog in one database)', steps);
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

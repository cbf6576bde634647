import autocannon from 'autocannon';
import { ChildProcess, execSync, spawn } from 'child_process';
import { randomBytes } from 'crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'fs';
import { cpus, loadavg, tmpdir } from 'os';
import { join } from 'path';
import { freePort } from '@matchlog/testkit';
import { fmt } from './measure';

/**
 * npm run bench:http — the compiled server (dist/, built first if stale, as `npm start` does) as a child
 * process on loopback (SQLite in a temp dir, LOG_LEVEL=warn) under autocannon: appends of 10 small
 * events over 100 matches at 100 and 10 connections, each connection appending to its own matches
 * with the right expected revision, and the public view at the latest revision at 100 connections,
 * each beside GET /health on the same server in the same run. Medians of RUNS runs.
 * BENCH_HTTP_ONLY=views-100 runs the public view and its /health baseline alone (over matches of one event each).
 * BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" BENCH_HTTP_ONLY=appends-100 profiles the server
 * under those appends alone; `node -r @swc-node/register bench/cpuprofile-top.ts /tmp/prof/*.cpuprofile` sums it up.
 * On Linux each row also gives the server's CPU time per request (user + system, from /proc): what a
 * request costs the server whatever else the machine is doing, where the rates depend on its load; beside it
 * the load generator's own CPU per request, and the cores both kept busy (near the machine's count: it is the limit).
 */
const MATCHES = 100;
const RUNS = 3;
const SECONDS = 5;
const KEY = randomBytes(32).toString('base64url');
let PORT = 0;
let base = '';
const root = join(__dirname, '..');

/** The process's CPU time so far, user + system, in µs; undefined where /proc is missing. */
const cpuUsOf = (pid: number | undefined): number | undefined => {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return undefined;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND;
};
const TICKS_PER_SECOND = existsSync('/proc/self/stat') ? Number(execSync('getconf CLK_TCK').toString()) : 100;

const startServer = async (dataDir: string): Promise<ChildProcess> => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require(join(root, 'scripts', 'build.js')).buildIfStale();
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const server = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', join(root, 'dist/apps/api/src/main.js')], {
    env: { ...process.env, PORT: String(PORT), MATCHLOG_DATA_DIR: dataDir, MATCHLOG_ORGANIZER_KEY: KEY, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 200; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}): is port ${PORT} taken?`);
    if (
      await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.kill();
  throw new Error('the server did not start');
};

/** Stops the server and waits for it to exit (a --cpu-prof profile is written on the way out). */
const stopServer = (server: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (server.exitCode !== null) return resolve();
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });

const match = (i: number) => ({
  matchId: `bench-${i}`,
  game: 'lorcana',
  players: [{ id: 'p1' }, { id: 'p2' }],
  cards: [{ cardId: `c${i}`, owner: 'p1', definition: 'Stitch - Rock Star', zone: { zone: 'play', player: 'p1' } }],
});

const tenEvents = (i: number) =>
  Array.from({ length: 10 }, (_, k) =>
    k % 2 === 0
      ? { type: 'TurnStarted', data: { player: k % 4 === 0 ? 'p1' : 'p2', turn: k } }
      : { type: 'CardStatusChanged', data: { cardId: `c${i}`, exerted: k % 3 === 0, damage: k } },
  );

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** the server's CPU µs per request of each run */
const cpuPerRequest = new WeakMap<autocannon.Result, number>();
/** the load generator's (this process's) CPU µs per request of each run */
const benchCpuPerRequest = new WeakMap<autocannon.Result, number>();
let serverPid: number | undefined;

const run = async (options: autocannon.Options) => {
  const before = cpuUsOf(serverPid);
  const mine = process.cpuUsage();
  const result = await new Promise<autocannon.Result>((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));
  const after = cpuUsOf(serverPid);
  const used = process.cpuUsage(mine);
  if (result.requests.total > 0) benchCpuPerRequest.set(result, (used.user + used.system) / result.requests.total);
  if (before !== undefined && after !== undefined && result.requests.total > 0) cpuPerRequest.set(result, (after - before) / result.requests.total);
  return result;
};

/**
 * Each connection appends to its own share of the matches in turn (connection k: matches k, k + n, …),
 * so no two appends in flight name the same match. After each response it swaps in its next request,
 * with that match's expected revision (autocannon sends requests[0] of the list current at that moment).
 */
const appendsRun = async (revisions: number[], connections: number) => {
  let nextClient = 0;
  return run({
    url: base,
    connections,
    duration: SECONDS,
    setupClient: (client) => {
      const mine = revisions.map((_, i) => i).filter((i) => i % connections === nextClient);
      nextClient++;
      let turn = 0;
      const request = () => {
        const i = mine[turn % mine.length];
        return {
          method: 'POST' as const,
          path: `/matches/bench-${i}/events`,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
          body: JSON.stringify({ expectedRevision: revisions[i], events: tenEvents(i) }),
        };
      };
      client.setRequests([request()]);
      client.on('response', (status: number) => {
        if (status === 201) revisions[mine[turn % mine.length]] += 10;
        turn++;
        client.setRequests([request()]);
      });
    },
  });
};

/** GET /matches/:id/views/public with no `at` (the latest revision), the connections spread over the matches. */
const viewsRun = (connections: number) => {
  let nextClient = 0;
  return run({
    url: base,
    connections,
    duration: SECONDS,
    setupClient: (client) => {
      client.setRequests([{ method: 'GET', path: `/matches/bench-${nextClient++ % MATCHES}/views/public` }]);
    },
  });
};

type Row = { connections: number; name: string; results: autocannon.Result[] };
const rate = (results: autocannon.Result[]) => median(results.map((x) => x.requests.average));

const main = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'matchlog-bench-http-'));
  const load = loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');
  PORT = await freePort();
  base = `http://127.0.0.1:${PORT}`;
  const server = await startServer(dataDir);
  serverPid = server.pid;
  try {
    for (let i = 0; i < MATCHES; i++) {
      const res = await fetch(`${base}/matches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
        body: JSON.stringify(match(i)),
      });
      if (res.status !== 201) throw new Error(`creating a match: ${res.status} ${await res.text()}`);
    }
    const revisions = Array.from({ length: MATCHES }, () => 1);
    const resync = async () => {
      // a run ends with appends in flight whose answers autocannon drops: start from what the server holds once
      // they are written (the writer thread may still be committing them), read until two reads 200 ms apart agree
      for (let previous = ''; ;) {
        for (let i = 0; i < MATCHES; i++) revisions[i] = ((await (await fetch(`${base}/matches/bench-${i}`)).json()) as { revision: number }).revision;
        if (revisions.join() === previous) return;
        previous = revisions.join();
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    // "appends-100" or "appends-10": those appends alone, no baseline (to profile them); "views-100": the public view and its baseline alone
    const only = process.env.BENCH_HTTP_ONLY;
    const viewsOnly = only === 'views-100';
    const rows: Row[] = [];
    let failed = 0;
    for (const { connections, views } of [
      { connections: MATCHES, views: true },
      { connections: 10, views: false },
    ]) {
      if (only && only !== `appends-${connections}` && !(viewsOnly && views)) continue;
      const health: autocannon.Result[] = [];
      const appends: autocannon.Result[] = [];
      const publicViews: autocannon.Result[] = [];
      for (let r = 0; r < RUNS; r++) {
        if (!only || viewsOnly) health.push(await run({ url: `${base}/health`, connections, duration: SECONDS }));
        await resync();
        if (!viewsOnly) appends.push(await appendsRun(revisions, connections));
        if (views && (!only || viewsOnly)) publicViews.push(await viewsRun(connections));
      }
      failed += [...appends, ...publicViews].reduce((n, a) => n + a.non2xx + a.errors + a.timeouts, 0);
      if (health.length) rows.push({ connections, name: 'GET /health (baseline)', results: health });
      if (appends.length) rows.push({ connections, name: 'POST /matches/:id/events, 10 events', results: appends });
      if (publicViews.length) rows.push({ connections, name: 'GET /matches/:id/views/public, latest', results: publicViews });
    }
    console.log(
      `node ${process.version}, ${cpus().length} cores, load average ${load} before the run; the compiled server (dist/); autocannon in this process, the server in another; ${MATCHES} matches; ${RUNS} runs of ${SECONDS} s per row, medians\n`,
    );
    console.log(
      '| connections | request | requests/s | / baseline | p50 ms | p99 ms | server CPU µs / request | / baseline | load generator CPU µs / request | cores busy (both) |\n|---|---|---|---|---|---|---|---|---|---|',
    );
    const cpu = (results: autocannon.Result[]) => (results.every((x) => cpuPerRequest.has(x)) ? median(results.map((x) => cpuPerRequest.get(x)!)) : undefined);
    for (const { connections, name, results } of rows) {
      const baseline = rows.find((r) => r.connections === connections && r.name.startsWith('GET /health'));
      const ratio = !baseline ? '' : results === baseline.results ? '1' : (rate(results) / rate(baseline.results)).toFixed(2);
      const cpuUs = cpu(results);
      const baselineCpu = baseline && cpu(baseline.results);
      const cpuRatio = cpuUs === undefined || baselineCpu === undefined ? '' : results === baseline!.results ? '1' : (cpuUs / baselineCpu).toFixed(1);
      const latency = `${median(results.map((x) => x.latency.p50))} | ${median(results.map((x) => x.latency.p99))}`;
      const benchUs = median(results.map((x) => benchCpuPerRequest.get(x) ?? 0));
      // what the server and the load generator together keep busy: near the core count, the machine is the limit, not the server's code alone
      const cores = cpuUs === undefined ? '' : (((cpuUs + benchUs) * rate(results)) / 1e6).toFixed(2);
      console.log(
        `| ${connections} | ${name} | ${fmt(Math.round(rate(results)))} | ${ratio} | ${latency} | ${cpuUs === undefined ? '' : fmt(Math.round(cpuUs))} | ${cpuRatio} | ${fmt(Math.round(benchUs))} | ${cores} |`,
      );
    }
    console.log(`\nfailed requests (non-2xx, errors, timeouts): ${failed}`);
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

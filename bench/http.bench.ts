import autocannon from 'autocannon';
import { ChildProcess, spawn } from 'child_process';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { fmt } from './measure';

/**
 * npm run bench:http — the real server (a child process on loopback, SQLite in a temp dir, LOG_LEVEL=warn)
 * under autocannon: appends of 10 small events over 100 matches, each connection appending to its own
 * match with the right expected revision, beside GET /health on the same server in the same run.
 * Medians of RUNS runs.
 */
const PORT = 3917;
const MATCHES = 100;
const RUNS = 3;
const SECONDS = 5;
const KEY = 'bench-key-0123456789abcdefghijklmnopqrstuvwxyz';
const base = `http://127.0.0.1:${PORT}`;

const startServer = async (dataDir: string): Promise<ChildProcess> => {
  const server = spawn(process.execPath, [...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ') ?? []), '-r', '@swc-node/register', 'apps/api/src/main.ts'], {
    env: { ...process.env, PORT: String(PORT), MATCHLOG_DATA_DIR: dataDir, MATCHLOG_ORGANIZER_KEY: KEY, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 200; i++) {
    if (await fetch(`${base}/health`).then((r) => r.ok, () => false)) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.kill();
  throw new Error('the server did not start');
};

const match = (i: number) => ({
  matchId: `bench-${i}`,
  game: 'lorcana',
  players: [{ id: 'p1' }, { id: 'p2' }],
  cards: [{ cardId: `c${i}`, owner: 'p1', definition: 'Stitch - Rock Star', zone: { zone: 'play', player: 'p1' } }],
});

const tenEvents = (i: number) =>
  Array.from({ length: 10 }, (_, k) =>
    k % 2 === 0 ? { type: 'TurnStarted', data: { player: k % 4 === 0 ? 'p1' : 'p2', turn: k } } : { type: 'CardStatusChanged', data: { cardId: `c${i}`, exerted: k % 3 === 0, damage: k } },
  );

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const run = (options: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));

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

const main = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'matchlog-bench-http-'));
  const server = await startServer(dataDir);
  try {
    for (let i = 0; i < MATCHES; i++) {
      const res = await fetch(`${base}/matches`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` }, body: JSON.stringify(match(i)) });
      if (res.status !== 201) throw new Error(`creating a match: ${res.status} ${await res.text()}`);
    }
    const revisions = Array.from({ length: MATCHES }, () => 1);
    const resync = async () => {
      // a run ends with appends in flight whose answers autocannon drops: start from what the server holds
      for (let i = 0; i < MATCHES; i++) revisions[i] = ((await (await fetch(`${base}/matches/bench-${i}`)).json()) as { revision: number }).revision;
    };
    const rows: string[] = [];
    let failed = 0;
    for (const connections of [MATCHES, 10]) {
      const appends: autocannon.Result[] = [];
      const health: autocannon.Result[] = [];
      for (let r = 0; r < RUNS; r++) {
        health.push(await run({ url: `${base}/health`, connections, duration: SECONDS }));
        await resync();
        appends.push(await appendsRun(revisions, connections));
      }
      failed += appends.reduce((n, a) => n + a.non2xx + a.errors + a.timeouts, 0);
      const rate = (results: autocannon.Result[]) => median(results.map((x) => x.requests.average));
      const row = (name: string, results: autocannon.Result[]) =>
        `| ${connections} | ${name} | ${fmt(Math.round(rate(results)))} | ${median(results.map((x) => x.latency.p50))} | ${median(results.map((x) => x.latency.p99))} |`;
      rows.push(row('GET /health (baseline)', health), row('POST /matches/:id/events, 10 events', appends));
      rows.push(`| ${connections} | appends / baseline | ${(rate(appends) / rate(health)).toFixed(2)} | | |`);
    }
    console.log(`node ${process.version}, ${require('os').cpus().length} cores, autocannon in this process, the server in another; ${MATCHES} matches; ${RUNS} runs of ${SECONDS} s per row, medians\n`);
    console.log('| connections | request | requests/s | p50 ms | p99 ms |\n|---|---|---|---|---|');
    console.log(rows.join('\n'));
    console.log(`\nfailed appends (non-2xx, errors, timeouts): ${failed}`);
  } finally {
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

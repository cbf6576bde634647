import autocannon from 'autocannon';
import { randomBytes } from 'crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'fs';
import { cpus, loadavg, tmpdir } from 'os';
import { join } from 'path';
import { ServerProcess, createTestDatabase, startPostgres } from '@matchlog/testkit';
import { fmt } from './measure';
import { postgresEngine, startServer, stopServer } from './scale-server';

/**
 * npm run bench:http-processes — how far a second server process gets (issue 19 §1). SQLite's store
 * belongs to one process, so this runs on PostgreSQL (embedded, durable): one instance, then two on
 * the same database, each compiled server a child process; appends of 10 events at 100 connections
 * in all (split evenly, each instance appending to its own matches), RUNS runs of SECONDS s, medians.
 */
const MATCHES = 100;
const CONNECTIONS = 100;
const RUNS = 3;
const SECONDS = 5;
const KEY = randomBytes(32).toString('base64url');

const tenEvents = (card: string) =>
  Array.from({ length: 10 }, (_, k) =>
    k % 2 === 0
      ? { type: 'TurnStarted', data: { player: k % 4 === 0 ? 'p1' : 'p2', turn: k } }
      : { type: 'CardStatusChanged', data: { cardId: card, exerted: k % 3 === 0, damage: k } },
  );

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Appends to `matches` (id → expected revision) on one instance, each connection to its own share. */
const appends = (base: string, matches: Map<string, number>, connections: number) => {
  const ids = [...matches.keys()];
  let nextClient = 0;
  return new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      {
        url: base,
        connections,
        duration: SECONDS,
        setupClient: (client) => {
          const mine = ids.filter((_, i) => i % connections === nextClient);
          nextClient++;
          let turn = 0;
          const request = () => {
            const id = mine[turn % mine.length];
            return {
              method: 'POST' as const,
              path: `/matches/${id}/events`,
              headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
              body: JSON.stringify({ expectedRevision: matches.get(id), events: tenEvents(`c-${id}`) }),
            };
          };
          client.setRequests([request()]);
          client.on('response', (status: number) => {
            const id = mine[turn % mine.length];
            if (status === 201) matches.set(id, matches.get(id)! + 10);
            turn++;
            client.setRequests([request()]);
          });
        },
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
};

/** What the instances hold once the appends a run left in flight are written: read until two reads agree. */
const resync = async (base: string, shares: Map<string, number>[]) => {
  for (let previous = ''; ;) {
    const now: number[] = [];
    for (const share of shares)
      for (const id of share.keys()) {
        const revision = ((await (await fetch(`${base}/matches/${id}/views/public`)).json()) as { revision: number }).revision;
        share.set(id, revision);
        now.push(revision);
      }
    if (now.join() === previous) return;
    previous = now.join();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

const measure = async (servers: ServerProcess[], round: string) => {
  const shares = servers.map(() => new Map<string, number>());
  for (let i = 0; i < MATCHES; i++) {
    const matchId = `${round}-${i}`;
    const res = await fetch(`${servers[0].base}/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
      body: JSON.stringify({
        matchId,
        game: 'lorcana',
        players: [{ id: 'p1' }, { id: 'p2' }],
        cards: [{ cardId: `c-${matchId}`, owner: 'p1', definition: 'Stitch - Rock Star', zone: { zone: 'play', player: 'p1' } }],
      }),
    });
    if (res.status !== 201) throw new Error(`creating a match: ${res.status} ${await res.text()}`);
    shares[i % servers.length].set(matchId, 1);
  }
  const rates: number[] = [];
  const p99s: number[] = [];
  let failed = 0;
  for (let r = 0; r < RUNS; r++) {
    await resync(servers[0].base, shares);
    const results = await Promise.all(servers.map((server, k) => appends(server.base, shares[k], CONNECTIONS / servers.length)));
    rates.push(results.reduce((sum, x) => sum + x.requests.average, 0));
    p99s.push(Math.max(...results.map((x) => x.latency.p99)));
    failed += results.reduce((n, x) => n + x.non2xx + x.errors + x.timeouts, 0);
  }
  return { rate: median(rates), p99: median(p99s), failed };
};

const main = async () => {
  const load = loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');
  const dir = mkdtempSync(join(tmpdir(), 'matchlog-bench-processes-'));
  const postgres = await startPostgres({ durable: true });
  const database = await createTestDatabase(postgres.url);
  const engine = postgresEngine(dir, database.url, KEY);
  const rows: { instances: number; rate: number; p99: number; failed: number }[] = [];
  try {
    for (const instances of [1, 2]) {
      const servers: ServerProcess[] = [];
      try {
        for (let k = 0; k < instances; k++) {
          const dataDir = join(dir, `instance-${instances}-${k}`);
          mkdirSync(dataDir, { recursive: true });
          servers.push(await startServer({ ...engine, env: { ...engine.env, MATCHLOG_DATA_DIR: dataDir } }));
        }
        rows.push({ instances, ...(await measure(servers, `n${instances}`)) });
      } finally {
        await Promise.all(servers.map(stopServer));
      }
    }
  } finally {
    await database.drop();
    await postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `node ${process.version}, ${cpus().length} cores, load average ${load} before the run; PostgreSQL (embedded, durable); ${CONNECTIONS} connections in all; ${RUNS} runs of ${SECONDS} s, medians\n`,
  );
  console.log('| instances | appends/s (10 events each) | / one instance | p99 ms (slowest instance) | failed |\n|---|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.instances} | ${fmt(Math.round(row.rate))} | ${(row.rate / rows[0].rate).toFixed(2)} | ${row.p99} | ${row.failed} |`);
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

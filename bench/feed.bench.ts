import { ChildProcess, spawn } from 'child_process';
import { randomBytes } from 'crypto';
import { mkdtempSync, readFileSync, rmSync } from 'fs';
import { IncomingMessage, request } from 'http';
import { cpus, loadavg, tmpdir } from 'os';
import { join } from 'path';
import { fmt } from './measure';

/**
 * npm run bench:feed — SUBSCRIBERS Server-Sent Events clients (in this process) on one Lorcana match of
 * the compiled server (dist/, a child process, SQLite in a temp dir, LOG_LEVEL=warn), spread evenly
 * over p1, p2, public and judge, while a writer appends APPENDS single events, one after the other,
 * each once every subscriber has the one before. For each append and subscriber: the time from the
 * append's 201 to that subscriber's receipt of the message with the append's revision as its id (it
 * can be negative: the feed may beat the 201). Server memory per idle subscriber: the server's RSS with
 * every subscriber connected and idle, less its RSS before they connected, divided by SUBSCRIBERS.
 * Baseline, in the same run: a bare node:http server (another child process) that writes one constant
 * payload of the same size to the same number of SSE clients on each POST before answering 201.
 * RUNS runs of each, alternating; medians.
 */
const SUBSCRIBERS = Number(process.env.BENCH_FEED_SUBSCRIBERS ?? 1000);
const APPENDS = 100;
const RUNS = 3;
const AUDIENCES = ['p1', 'p2', 'public', 'judge'] as const;
const PORT = 3918;
const KEY = randomBytes(32).toString('base64url');
const root = join(__dirname, '..');
const base = `http://127.0.0.1:${PORT}`;

const BASELINE_SERVER = `
const http = require('http');
const clients = new Set();
let revision = 0;
const payload = 'x'.repeat(Number(process.env.PAYLOAD));
http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/health') return res.end('ok');
  if (req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'text/event-stream' }).flushHeaders();
    clients.add(res);
    return res.on('close', () => clients.delete(res));
  }
  revision++;
  const message = 'id: ' + revision + '\\nevent: observation\\ndata: {"p":"' + payload + '"}\\n\\n';
  for (const client of clients) client.write(message);
  res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ revision }));
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

interface Contender {
  readonly name: string;
  start(): Promise<ChildProcess>;
  /** opens the match (if any); returns the URL paths and headers of the subscribers and the first revision */
  prepare(): Promise<{ feeds: { path: string; headers: Record<string, string> }[]; revision: number }>;
  /** appends one event after `revision`; resolves at the 201 */
  append(revision: number): Promise<number>;
}

const http = (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bench reads a few fields of the API's answers as it knows them
  new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) } }, (res) => {
      let text = '';
      res
        .setEncoding('utf8')
        .on('data', (chunk: string) => (text += chunk))
        .on('end', () => resolve({ status: res.statusCode!, body: text && JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });

const waitForHealth = async (child: ChildProcess) => {
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await sleep(100);
  }
  child.kill();
  throw new Error('the server did not start');
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const organizer = { Authorization: `Bearer ${KEY}` };
const event = (k: number) =>
  k % 2 === 0
    ? { type: 'TurnStarted', data: { player: k % 4 === 0 ? 'p1' : 'p2', turn: k } }
    : { type: 'CardStatusChanged', data: { cardId: 'c1', exerted: k % 3 === 0, damage: k % 7 } };

let dataDir = '';
const matchlog: Contender = {
  name: 'matchlog feed',
  start: async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require(join(root, 'scripts', 'build.js')).buildIfStale();
    dataDir = mkdtempSync(join(tmpdir(), 'matchlog-bench-feed-'));
    const child = spawn(process.execPath, ['--enable-source-maps', join(root, 'dist/apps/api/src/main.js')], {
      env: { ...process.env, PORT: String(PORT), MATCHLOG_DATA_DIR: dataDir, MATCHLOG_ORGANIZER_KEY: KEY, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    return waitForHealth(child);
  },
  prepare: async () => {
    const created = await http('POST', '/matches', organizer, {
      matchId: 'bench-feed',
      game: 'lorcana',
      players: [{ id: 'p1' }, { id: 'p2' }],
      cards: [
        { cardId: 'c1', owner: 'p1', definition: 'Stitch - Rock Star', zone: { zone: 'play', player: 'p1' } },
        ...Array.from({ length: 20 }, (_, i) => ({
          cardId: `d${i}`,
          owner: i % 2 ? 'p2' : 'p1',
          definition: 'Moana - Of Motunui',
          zone: { zone: i < 10 ? 'deck' : 'hand', player: i % 2 ? 'p2' : 'p1' },
        })),
      ],
    });
    const { players, judge } = created.body.tokens;
    const tokenOf: Record<string, string | undefined> = { p1: players.p1, p2: players.p2, judge, public: undefined };
    const feeds = Array.from({ length: SUBSCRIBERS }, (_, i) => {
      const audience = AUDIENCES[i % AUDIENCES.length];
      const headers: Record<string, string> = tokenOf[audience] ? { Authorization: `Bearer ${tokenOf[audience]}` } : {};
      return { path: `/matches/bench-feed/feed?audience=${audience}`, headers };
    });
    return { feeds, revision: 1 };
  },
  append: async (revision) => {
    const res = await http('POST', '/matches/bench-feed/events', organizer, { expectedRevision: revision, events: [event(revision)] });
    if (res.status !== 201) throw new Error(`append: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.revision;
  },
};

const baseline = (payload: number): Contender => ({
  name: 'baseline: bare node:http, constant payload',
  start: () =>
    waitForHealth(
      spawn(process.execPath, ['-e', BASELINE_SERVER], { env: { ...process.env, PORT: String(PORT), PAYLOAD: String(payload) }, stdio: ['ignore', 'ignore', 'inherit'] }),
    ),
  prepare: async () => ({ feeds: Array.from({ length: SUBSCRIBERS }, () => ({ path: '/feed', headers: {} })), revision: 0 }),
  append: async () => (await http('POST', '/append')).body.revision,
});

/** A subscriber: the time each message id arrived. */
interface Subscriber {
  readonly received: Map<number, bigint>;
  readonly response: IncomingMessage;
}

const subscribe = (path: string, headers: Record<string, string>, onMessage: (id: number) => void) =>
  new Promise<Subscriber>((resolve, reject) => {
    const req = request(`${base}${path}`, { headers: { Accept: 'text/event-stream', ...headers }, agent: false }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`feed: ${response.statusCode}`));
      const received = new Map<number, bigint>();
      response.setEncoding('utf8').on('data', (chunk: string) => {
        const at = process.hrtime.bigint();
        for (const match of chunk.matchAll(/^id: (\d+)$/gm)) {
          received.set(Number(match[1]), at);
          onMessage(Number(match[1]));
        }
      });
      resolve({ received, response });
    });
    req.on('error', reject);
    req.end();
  });

const rssOf = (child: ChildProcess): number => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) * 1024;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const runOnce = async (contender: Contender) => {
  const child = await contender.start();
  try {
    const prepared = await contender.prepare();
    const { feeds } = prepared;
    let { revision } = prepared;
    await sleep(1000);
    const idleBefore = rssOf(child);
    // how many subscribers have each revision: the writer waits for all of them, counting, not scanning
    const counts = new Map<number, number>();
    let wake: () => void = () => undefined;
    const counted = (id: number) => {
      counts.set(id, (counts.get(id) ?? 0) + 1);
      if (counts.get(id) === SUBSCRIBERS) wake();
    };
    const subscribers: Subscriber[] = [];
    for (let i = 0; i < feeds.length; i += 50) subscribers.push(...(await Promise.all(feeds.slice(i, i + 50).map((f) => subscribe(f.path, f.headers, counted)))));
    await sleep(3000);
    const perSubscriber = (rssOf(child) - idleBefore) / SUBSCRIBERS;
    const latencies: number[] = [];
    const allHave = (r: number) => counts.get(r) === SUBSCRIBERS;
    for (let i = 0; i < APPENDS; i++) {
      const appending = contender.append(revision);
      revision = await appending;
      const acknowledged = process.hrtime.bigint();
      while (!allHave(revision)) await new Promise<void>((resolve) => (wake = resolve));
      for (const s of subscribers) latencies.push(Number(s.received.get(revision)! - acknowledged) / 1e6);
    }
    subscribers.forEach((s) => s.response.destroy());
    latencies.sort((a, b) => a - b);
    return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), perSubscriber };
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    dataDir = '';
  }
};

const main = async () => {
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  // the constant payload: as long as a typical observation message of this match
  const contenders = [baseline(120), matchlog];
  const results = new Map<string, Awaited<ReturnType<typeof runOnce>>[]>(contenders.map((c) => [c.name, []]));
  for (let run = 0; run < RUNS; run++) for (const contender of contenders) results.get(contender.name)!.push(await runOnce(contender));
  console.log(
    `node ${process.version}, ${cpus().length} cores, load average ${load} before the run; ${SUBSCRIBERS} subscribers (${AUDIENCES.join(', ')}), ${APPENDS} appends of one event per run; ${RUNS} runs, medians\n`,
  );
  console.log('| server | p50 ms | p99 ms | server memory per idle subscriber |\n|---|---|---|---|');
  for (const [name, runs] of results) {
    console.log(
      `| ${name} | ${median(runs.map((r) => r.p50)).toFixed(1)} | ${median(runs.map((r) => r.p99)).toFixed(1)} | ${fmt(Math.round((median(runs.map((r) => r.perSubscriber)) / 1024) * 10) / 10)} kB |`,
    );
  }
  console.log(
    `\nper run (p50 / p99 ms / kB): ${[...results].map(([name, runs]) => `${name}: ${runs.map((r) => `${r.p50.toFixed(1)} / ${r.p99.toFixed(1)} / ${(r.perSubscriber / 1024).toFixed(1)}`).join('; ')}`).join(' | ')}`,
  );
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

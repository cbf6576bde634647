import {
  ENTRIES_LEVEL,
  TILE_WIDTH,
  decodeEntryBundle,
  ed25519NoteSigner,
  formatCheckpoint,
  formatTlogProof,
  leafHash,
  parseMatchEntry,
  proveConsistency,
  proveInclusion,
  signNote,
  tileOfTree,
  tilePath,
} from '@matchlog/ledger';
import { LogReader } from '@matchlog/matches';
import { startPostgres } from '@matchlog/testkit';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { endMatches, postgresPlace, sequencerOf, sqlitePlace, LogPlace } from './log-integrate';
import { startServer } from './log-server';
import { fmt } from './measure';

/**
 * npm run bench:log — the server's transparency log (issue 39 §6), in one run:
 * (a) entries integrated per second by LogSequencer.integrate, batches of 100 and 1,000 ended matches, on
 *     SQLite and on PostgreSQL (embedded, durable), each batch's matches ended and projected before the clock starts;
 * (b) the time from a MatchEnded append's answer to the first checkpoint whose tree holds its entry, at 100 matches
 *     ending per second (real server in this process, SQLite, no witnesses), at several MATCHLOG_LOG_INTERVALs;
 * (c) the tlog-proof's size against the log's size, from libs/ledger (its shape does not depend on the hashes);
 * (d) the append path with the sequencer running against stopped, rounds alternated, median ratio.
 */
const { privateKey } = generateKeyPairSync('ed25519');
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const quantile = (xs: readonly number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const msSince = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

const INTEGRATE_RUNS = 9;
const integrateRate = async (place: LogPlace, batch: number): Promise<{ perSecond: number; ms: number[] }> => {
  const sequencer = sequencerOf(place, privateKey);
  const ms: number[] = [];
  let position = await endMatches(place, 0, 0);
  await sequencer.integrate();
  for (let run = 0; run < INTEGRATE_RUNS + 1; run++) {
    position = await endMatches(place, batch, position);
    const start = process.hrtime.bigint();
    await sequencer.integrate();
    if (run > 0) ms.push(msSince(start));
  }
  return { perSecond: Math.round((batch / median(ms)) * 1000), ms };
};

const integration = async () => {
  console.log(`\n(a) LogSequencer.integrate: entries per second, median of ${INTEGRATE_RUNS} batches after one warm-up`);
  console.log('| engine | batch | median ms | entries/s | runs ms |');
  console.log('|---|---|---|---|---|');
  const postgres = await startPostgres({ durable: true });
  try {
    for (const [engine, open] of [
      ['SQLite', () => sqlitePlace(mkdtempSync(join(tmpdir(), 'matchlog-bench-log-')))],
      ['PostgreSQL', () => postgresPlace(postgres.url)],
    ] as const) {
      for (const batch of [100, 1000]) {
        const place = await open();
        try {
          const { perSecond, ms } = await integrateRate(place, batch);
          console.log(`| ${engine} | ${fmt(batch)} | ${fmt(Math.round(median(ms)))} | ${fmt(perSecond)} | ${ms.map((t) => fmt(Math.round(t))).join(', ')} |`);
        } finally {
          await place.close();
        }
      }
    }
  } finally {
    await postgres.stop();
  }
};

/** Every entry in the log as of the reader's checkpoint: its index by match id. */
const indexOfEntries = async (reader: LogReader): Promise<Map<string, number>> => {
  const size = await reader.size();
  const indexes = new Map<string, number>();
  for (let n = 0; n * TILE_WIDTH < size; n++) {
    const tile = tileOfTree(0, n, size)!;
    decodeEntryBundle((await reader.tile(tilePath({ ...tile, level: ENTRIES_LEVEL }))).data, tile.width).forEach((bytes, i) =>
      indexes.set(parseMatchEntry(bytes.toString('utf8')).matchId, n * TILE_WIDTH + i),
    );
  }
  return indexes;
};

const RATE = 100;
const ENDING_SECONDS = 10;
const latency = async (intervalMs: number) => {
  const server = await startServer(intervalMs);
  try {
    const count = RATE * ENDING_SECONDS;
    const ids = Array.from({ length: count }, (_, i) => `lat-${i}`);
    for (const id of ids) await server.create(id);
    await sleep(intervalMs + 200);
    const base = await server.reader.size();
    const seen: { size: number; at: number }[] = [];
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const size = await server.reader.size();
        if (seen.length === 0 || size > seen.at(-1)!.size) seen.push({ size, at: performance.now() });
        await sleep(5);
      }
    })();
    const answered = new Map<string, number>();
    const start = performance.now();
    await Promise.all(
      ids.map(async (id, i) => {
        await sleep(start + (i * 1000) / RATE - performance.now());
        await server.end(id, 1);
        answered.set(id, performance.now());
      }),
    );
    const deadline = performance.now() + intervalMs * 3 + 5000;
    while ((seen.at(-1)?.size ?? 0) < base + count && performance.now() < deadline) await sleep(20);
    polling = false;
    await poll;
    const index = await indexOfEntries(server.reader);
    const times = ids.map((id) => {
      const at = seen.find((s) => s.size > index.get(id)!)?.at;
      if (at === undefined) throw new Error(`${id} never reached a checkpoint`);
      return at - answered.get(id)!;
    });
    return { p50: quantile(times, 0.5), p99: quantile(times, 0.99), max: Math.max(...times), checkpoints: seen.length - 1 };
  } finally {
    await server.close();
  }
};

const publication = async () => {
  console.log(
    `\n(b) MatchEnded answered → first checkpoint holding its entry, ${RATE} matches ending per second for ${ENDING_SECONDS} s, no witnesses (SQLite, checkpoint polled every 5 ms)`,
  );
  console.log('| MATCHLOG_LOG_INTERVAL | p50 ms | p99 ms | max ms | checkpoints |');
  console.log('|---|---|---|---|---|');
  for (const intervalMs of [5000, 1000, 500, 250]) {
    const { p50, p99, max, checkpoints } = await latency(intervalMs);
    console.log(
      `| ${intervalMs / 1000} s${intervalMs === 5000 ? ' (default)' : ''} | ${fmt(Math.round(p50))} | ${fmt(Math.round(p99))} | ${fmt(Math.round(max))} | ${checkpoints} |`,
    );
  }
};

const proofSizes = () => {
  console.log('\n(c) proof size against log size (libs/ledger: proveInclusion, formatTlogProof with a signed checkpoint; the largest over the first, middle and last leaf)');
  console.log('| log size | inclusion hashes | tlog-proof bytes | consistency hashes (from size/2) |');
  console.log('|---|---|---|---|');
  const read = (indexes: readonly number[]) => indexes.map((i) => leafHash(Buffer.from(String(i))));
  const origin = 'matchlog.example/instance';
  for (const size of [1e2, 1e3, 1e4, 1e5, 1e6]) {
    const checkpoint = signNote(formatCheckpoint({ origin, size, root: leafHash(Buffer.from('root')), extensions: [] }), [ed25519NoteSigner(origin, privateKey)]);
    const proofs = [0, Math.floor(size / 2), size - 1].map((index) => ({ index, inclusion: proveInclusion(size, index, read) }));
    const hashes = Math.max(...proofs.map((p) => p.inclusion.length));
    const bytes = Math.max(...proofs.map((p) => Buffer.byteLength(formatTlogProof({ ...p, checkpoint }))));
    console.log(`| ${fmt(size)} | ${hashes} | ${fmt(bytes)} | ${proveConsistency(size, Math.floor(size / 2), read).length} |`);
  }
};

const APPEND_ROUNDS = 41;
const MATCHES_PER_ROUND = 10;
const appendCost = async (intervalMs: number) => {
  const server = await startServer(intervalMs);
  try {
    const times = { on: [] as number[], off: [] as number[] };
    const integrating = { ms: 0 };
    const integrate = server.sequencer.integrate.bind(server.sequencer);
    server.sequencer.integrate = async () => {
      const start = process.hrtime.bigint();
      try {
        return await integrate();
      } finally {
        integrating.ms += msSince(start);
      }
    };
    let next = 0;
    for (let round = 0; round < APPEND_ROUNDS + 2; round++) {
      for (const mode of round % 2 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
        if (mode === 'on') server.sequencer.start();
        else await server.sequencer.stop();
        if (round === 2 && mode === 'on') integrating.ms = 0;
        const start = process.hrtime.bigint();
        for (let m = 0; m < MATCHES_PER_ROUND; m++) {
          const id = `cost-${next++}`;
          await server.create(id);
          await server.play(id, 4);
          await server.end(id, 41);
        }
        if (round >= 2) times[mode].push(msSince(start));
      }
    }
    await server.sequencer.stop();
    const onTotal = times.on.reduce((a, b) => a + b, 0);
    const paired = times.on.map((on, i) => on / times.off[i]);
    return { on: median(times.on), off: median(times.off), paired: median(paired), integrating: integrating.ms / onTotal };
  } finally {
    await server.close();
  }
};

const appendPath = async () => {
  console.log(
    `\n(d) the append path (POST /matches, 4 appends of 10 events, MatchEnded; ${MATCHES_PER_ROUND} matches a round) with the sequencer running against stopped; medians of ${APPEND_ROUNDS} rounds, each a log-on and a log-off block in alternating order`,
  );
  console.log('| MATCHLOG_LOG_INTERVAL | log on ms | log off ms | on / off (medians) | on / off paired by round (median) | integrate() share of the log-on blocks |');
  console.log('|---|---|---|---|---|---|');
  for (const intervalMs of [5000, 500]) {
    const { on, off, paired, integrating } = await appendCost(intervalMs);
    console.log(
      `| ${intervalMs / 1000} s | ${fmt(Math.round(on))} | ${fmt(Math.round(off))} | ${(on / off).toFixed(3)} | ${paired.toFixed(3)} | ${(integrating * 100).toFixed(1)} % |`,
    );
  }
};

const idleTick = async () => {
  console.log('\n(e) an idle tick: LogSequencer.integrate with nothing due, against the ended matches the catalog holds (SQLite), median of 9');
  console.log('| ended matches | idle tick ms | one core at a 0.5 s interval |');
  console.log('|---|---|---|');
  const place = await sqlitePlace(mkdtempSync(join(tmpdir(), 'matchlog-bench-log-')));
  try {
    const sequencer = sequencerOf(place, privateKey);
    let position = 0;
    let ended = 0;
    for (const target of [1_000, 10_000, 30_000]) {
      position = await endMatches(place, target - ended, position);
      ended = target;
      await sequencer.integrate();
      const ms: number[] = [];
      for (let i = 0; i < 9; i++) {
        const start = process.hrtime.bigint();
        await sequencer.integrate();
        ms.push(msSince(start));
      }
      console.log(`| ${fmt(target)} | ${median(ms).toFixed(1)} | ${((median(ms) / 500) * 100).toFixed(1)} % |`);
    }
  } finally {
    await place.close();
  }
};

const main = async () => {
  console.log(`Node ${process.version}, ${cpus().length} cores (${cpus()[0].model})`);
  const parts = process.argv.slice(2);
  const want = (part: string) => parts.length === 0 || parts.includes(part);
  if (want('c')) proofSizes();
  if (want('a')) await integration();
  if (want('d')) await appendPath();
  if (want('b')) await publication();
  if (want('e')) await idleTick();
};

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });

import { ServerProcess, sharedReplays, startServerProcess } from '@matchlog/testkit';
import { randomBytes } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

/**
 * npm run bench:import-load — appends' latency while a large honest import runs (issue 37): IMPORT_COUNT (default 100)
 * copies of the shared replays (libs/testkit shared-replays.ts), each with its own gameId and series, POSTed to
 * /matches/import/tcg-online two at a time while APPENDERS writers append batches back to back to other matches.
 * Each round runs the server twice from the sources: converting on the event loop (the import before issue 37,
 * BENCH_CONVERSION=in-process) and in its conversion processes (as shipped). The figure: appends' p99 during the
 * import, the median over ROUNDS (default 3) of each round's p99, and the ratio.
 */
const COUNT = Number(process.env.IMPORT_COUNT ?? 100);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const APPENDERS = Number(process.env.APPENDERS ?? 4);
const KEY = randomBytes(24).toString('base64url');
const organizer = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
const MODES = ['in-process', 'processes'] as const;
type Mode = (typeof MODES)[number];

const replays = sharedReplays().filter((replay) => replay.name.endsWith('.replay.json'));
const honest = (i: number, tag: string): string => {
  const replay = JSON.parse(replays[i % replays.length].json) as { gameId: string; matchId: string };
  replay.gameId = `${tag}-${i}`;
  replay.matchId = `${tag}-series-${i}`;
  return JSON.stringify(replay);
};

const quantile = (samples: readonly number[], q: number) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * q))];
const median = (values: readonly number[]) => quantile(values, 0.5);

const lorcanaMatch = (matchId: string) => ({
  matchId,
  game: 'lorcana',
  players: [{ id: 'p1' }, { id: 'p2' }],
  cards: [{ cardId: 'c01', owner: 'p1', definition: 'Ariel - On Human Legs', zone: { zone: 'deck', player: 'p1' } }],
});

const post = (base: string, path: string, body: string) => fetch(`${base}${path}`, { method: 'POST', headers: organizer, body });

/** One server, one import of COUNT replays with appends beside it: the appends' latencies (ms) and the import's duration. */
const round = async (mode: Mode, tag: string): Promise<{ latencies: number[]; seconds: number; imported: number }> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'matchlog-import-load-'));
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess({
      args: ['-r', '@swc-node/register', 'bench/import-load-server.ts'],
      env: { MATCHLOG_DATA_DIR: dataDir, MATCHLOG_ORGANIZER_KEY: KEY, BENCH_CONVERSION: mode, LOG_LEVEL: 'warn' },
    });
    const { base } = server;
    const ids = Array.from({ length: APPENDERS }, (_, i) => `${tag}-m${i}`);
    for (const id of ids) if ((await post(base, '/matches', JSON.stringify(lorcanaMatch(id)))).status !== 201) throw new Error(`POST /matches ${id} failed`);
    // warm: the conversion process started, the card table loaded, the code compiled
    if ((await post(base, '/matches/import/tcg-online', honest(0, `${tag}-warm`))).status !== 201) throw new Error('the warm-up import failed');
    let importing = true;
    const latencies: number[] = [];
    const append = async (id: string) => {
      for (let revision = 1; importing; revision += 3) {
        const events = Array.from({ length: 3 }, (_, k) => ({ id: `${id}-${revision + k}`, type: 'TurnStarted', data: { player: k % 2 ? 'p2' : 'p1', turn: revision + k } }));
        const started = performance.now();
        const answer = await post(base, `/matches/${id}/events`, JSON.stringify({ expectedRevision: revision, events }));
        if (answer.status !== 201) throw new Error(`append ${id}@${revision}: ${answer.status} ${await answer.text()}`);
        latencies.push(performance.now() - started);
      }
    };
    const appending = ids.map(append);
    const started = performance.now();
    let next = 0;
    let imported = 0;
    const importer = async () => {
      for (let i = next++; i < COUNT; i = next++) if ((await post(base, '/matches/import/tcg-online', honest(i, tag))).status === 201) imported++;
    };
    await Promise.all([importer(), importer()]);
    const seconds = (performance.now() - started) / 1000;
    importing = false;
    await Promise.all(appending);
    return { latencies, seconds, imported };
  } finally {
    server?.child.kill('SIGKILL');
    await server?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const main = async () => {
  console.log(`appends during an import of ${COUNT} honest replays (${replays.length} shared replays, cycled), ${APPENDERS} appenders, ${ROUNDS} rounds:`);
  const p99s: Record<Mode, number[]> = { 'in-process': [], processes: [] };
  for (let r = 0; r < ROUNDS; r++)
    for (const mode of MODES) {
      const { latencies, seconds, imported } = await round(mode, `r${r}-${mode}`);
      const p99 = quantile(latencies, 0.99);
      p99s[mode].push(p99);
      console.log(
        `  round ${r + 1} ${mode.padEnd(10)}  ${imported}/${COUNT} imported in ${seconds.toFixed(1)} s  appends: ${latencies.length}, p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
      );
    }
  const before = median(p99s['in-process']);
  const after = median(p99s.processes);
  console.log(`appends' p99, median of ${ROUNDS} rounds: in-process ${before.toFixed(1)} ms, conversion processes ${after.toFixed(1)} ms: ${(before / after).toFixed(1)}× lower`);
};

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});

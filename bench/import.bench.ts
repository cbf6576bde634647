import { execFile } from 'child_process';
import { randomBytes, randomUUID } from 'crypto';
import { strToU8, zipSync } from 'fflate';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { apply } from 'mutative';
import { cpus, loadavg, tmpdir } from 'os';
import { join } from 'path';
import { convertTcgOnlineReplay } from '@matchlog/matches';
import { ROOT, tcgOnlineSamples } from '@matchlog/testkit';
import { fmt, medianMsEach, perSecond } from './measure';
import { rssOf, sqliteEngine, startServer, stopServer } from './scale-server';

/**
 * npm run bench:import — tcg.online replays in (issue 27 §4).
 * 1. Steps per second converting the four samples (convertTcgOnlineReplay, from the text of replay.json), median of
 *    RUNS rounds, against a baseline in the same rounds: JSON.parse of the file and of its initialState, then
 *    mutative's apply of the same patches, in place, which is the least any import does.
 * 2. The 168-step sample over HTTP (POST /matches/import/tcg-online, zipped), median of 5 imports, each a new game.
 * 3. A folder of IMPORT_COUNT (default 1,000) replays, copies of the samples each with a fresh gameId and matchId,
 *    zipped as tcg.online downloads them, imported by the compiled `matchlog import-replay <folder> --server` into a
 *    compiled server on SQLite: replays per second, and the server's resident set before, at its peak (VmHWM), and
 *    after.
 */
const RUNS = Number(process.env.RUNS ?? 9);
const COUNT = Number(process.env.IMPORT_COUNT ?? 1000);
const KEY = randomBytes(32).toString('base64url');
const MB = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(0)} MB`);

const peakRssOf = (pid: number | undefined): number | undefined => {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmHWM:'));
    return line ? Number(line.split(/\s+/)[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
};

/** The baseline: what applying the replay's patches costs with nothing derived from them. */
const parseAndApply = (json: string) => {
  const replay = JSON.parse(json) as { initialState: string; steps: { patches: unknown[] }[] };
  const envelope = JSON.parse(replay.initialState) as { state?: object };
  const state = envelope.state ?? envelope;
  for (const step of replay.steps) apply(state, step.patches as never, { mutable: true });
};

const samples = tcgOnlineSamples();
const stepsOf = (json: string) => (JSON.parse(json) as { steps: unknown[] }).steps.length;

const conversion = () => {
  const steps = samples.reduce((sum, sample) => sum + stepsOf(sample.json), 0);
  const all = (work: (json: string) => unknown) => () => samples.forEach((sample) => work(sample.json));
  const ms = medianMsEach({ convert: all(convertTcgOnlineReplay), baseline: all(parseAndApply) }, RUNS, 3);
  console.log(`conversion of the ${samples.length} samples (${fmt(steps)} steps), median of ${RUNS}:`);
  console.log(`  convertTcgOnlineReplay          ${ms.convert.toFixed(1)} ms   ${fmt(perSecond(steps, ms.convert))} steps/s`);
  console.log(`  JSON.parse + mutative apply     ${ms.baseline.toFixed(1)} ms   ${fmt(perSecond(steps, ms.baseline))} steps/s`);
  console.log(`  ratio                           ${(ms.convert / ms.baseline).toFixed(2)}× the baseline's time`);
};

/** A copy of a sample as another game of another series, zipped as tcg.online's download. */
const freshCopy = (json: string): Uint8Array => {
  const replay = JSON.parse(json);
  return zipSync({ 'replay.json': strToU8(JSON.stringify({ ...replay, gameId: randomUUID(), matchId: randomUUID() })) });
};

const post = async (base: string, zip: Uint8Array): Promise<number> => {
  const start = process.hrtime.bigint();
  const answer = await fetch(`${base}/matches/import/tcg-online`, {
    method: 'POST',
    headers: { 'content-type': 'application/zip', authorization: `Bearer ${KEY}` },
    body: zip as BodyInit,
  });
  if (answer.status !== 201) throw new Error(`import answered ${answer.status}: ${await answer.text()}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
};

const runCli = (args: string[]) =>
  new Promise<{ ms: number; stdout: string }>((resolve, reject) => {
    const start = process.hrtime.bigint();
    execFile(
      process.execPath,
      [join(ROOT, 'dist/apps/cli/src/main.js'), ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH, MATCHLOG_ORGANIZER_KEY: KEY }, maxBuffer: 1 << 26 },
      (error, stdout, stderr) => (error ? reject(new Error(`import-replay failed: ${stderr || stdout}`)) : resolve({ ms: Number(process.hrtime.bigint() - start) / 1e6, stdout })),
    );
  });

const overHttp = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'matchlog-bench-import-'));
  const server = await startServer(sqliteEngine(join(dir, 'data'), KEY));
  try {
    const longest = samples.reduce((a, b) => (stepsOf(b.json) > stepsOf(a.json) ? b : a));
    const times: number[] = [];
    for (let i = 0; i < 5; i++) times.push(await post(server.base, freshCopy(longest.json)));
    times.sort((a, b) => a - b);
    console.log(`\nthe ${stepsOf(longest.json)}-step sample over HTTP (zipped, a new game each time), median of 5: ${times[2].toFixed(0)} ms (goal ≤ 1,000 ms)`);

    const folder = join(dir, 'replays');
    mkdirSync(folder);
    for (let i = 0; i < COUNT; i++) writeFileSync(join(folder, `replay-${String(i).padStart(5, '0')}.zip`), freshCopy(samples[i % samples.length].json));
    const steps = Array.from({ length: COUNT }, (_, i) => stepsOf(samples[i % samples.length].json)).reduce((a, b) => a + b, 0);
    const before = rssOf(server.child.pid);
    let sampled = before ?? 0;
    const sampler = setInterval(() => (sampled = Math.max(sampled, rssOf(server.child.pid) ?? 0)), 100);
    const { ms, stdout } = await runCli(['import-replay', folder, '--server', server.base]).finally(() => clearInterval(sampler));
    const summary = stdout.split('\n').find((line) => /^\d+ imported, \d+ already there, \d+ refused$/.test(line));
    if (summary !== `${COUNT} imported, 0 already there, 0 refused`) throw new Error(`expected every replay imported, got: ${summary}`);
    console.log(`\na folder of ${fmt(COUNT)} replays (${fmt(steps)} steps), matchlog import-replay --server, SQLite:`);
    console.log(`  ${(ms / 1000).toFixed(1)} s: ${(COUNT / (ms / 1000)).toFixed(1)} replays/s, ${fmt(perSecond(steps, ms))} steps/s`);
    console.log(`  server RSS: ${MB(before)} before, ${MB(Math.max(sampled, peakRssOf(server.child.pid) ?? 0))} at its peak, ${MB(rssOf(server.child.pid))} after`);
  } finally {
    await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
};

const main = async () => {
  console.log(`node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), load ${loadavg()[0].toFixed(2)}`);
  conversion();
  await overHttp();
};

void main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

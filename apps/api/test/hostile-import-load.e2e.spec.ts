import { spawn } from 'node:child_process';
import { ServerProcess, handLengthReplay, revealLengthReplay, startServerProcess, tcgOnlineSamples } from '@matchlog/testkit';
import { randomBytes } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { lorcanaMatch } from './support/fixtures';

/**
 * Issue 37, findings 1 and 2, under load: 20 crafted replays imported at once (a reveal of 1e9 cards, a hand of 2^32 − 1)
 * while ordinary appends go on to other matches, on the compiled server. Each import is a 4xx, the server never stops
 * answering, and every acknowledged append is there afterwards. /health is probed every ~10 ms throughout: its p99 is
 * printed (the figure the issue asks for), and bounded loosely, as two cores shared with other suites allow.
 */
const KEY = randomBytes(24).toString('base64url');
const organizer = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
const small = tcgOnlineSamples().find((sample) => sample.name.startsWith('07-'))!;
const HOSTILE = 20;
const MATCHES = 4;

const batch = (matchId: string, revision: number) =>
  Array.from({ length: 3 }, (_, k) => ({ id: `${matchId}-r${revision + k + 1}`, type: 'TurnStarted', data: { player: k % 2 ? 'p2' : 'p1', turn: revision + k } }));

const p99 = (samples: readonly number[]) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * 0.99))];

describe('20 hostile imports in parallel with appends (the compiled server)', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'matchlog-hostile-load-'));
    server = await startServerProcess({
      env: { MATCHLOG_DATA_DIR: dataDir, MATCHLOG_ORGANIZER_KEY: KEY, MATCHLOG_IMPORT_TIME_LIMIT_MS: '1000', MATCHLOG_IMPORT_CONCURRENCY: '2' },
    });
  });
  afterAll(() => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('each import a 4xx naming its limit, 0 acknowledged events lost, and /health answering throughout', async () => {
    const { base } = server!;
    const ids = Array.from({ length: MATCHES }, (_, i) => `load-${i}`);
    for (const id of ids) expect((await fetch(`${base}/matches`, { method: 'POST', headers: organizer, body: JSON.stringify(lorcanaMatch(id)) })).status).toBe(201);

    let importing = true;
    const health: number[] = [];
    const probe = async () => {
      while (importing) {
        const started = performance.now();
        const ok = await fetch(`${base}/health`).then(
          (r) => r.ok,
          () => false,
        );
        health.push(ok ? performance.now() - started : Infinity);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    const acknowledged = new Map<string, string[]>(ids.map((id) => [id, []]));
    const failed: string[] = [];
    const append = async (id: string) => {
      for (let revision = 1; importing; revision += 3) {
        const events = batch(id, revision);
        const answer = await fetch(`${base}/matches/${id}/events`, { method: 'POST', headers: organizer, body: JSON.stringify({ expectedRevision: revision, events }) }).catch(
          (error: Error) => ({ status: 0, text: () => Promise.resolve(error.message) }),
        );
        if (answer.status !== 201) return void failed.push(`${id}@${revision}: ${answer.status} ${await answer.text()}`);
        acknowledged.get(id)!.push(...events.map((e) => e.id));
      }
    };
    const hostile = Array.from({ length: HOSTILE }, (_, i) => (i % 2 ? handLengthReplay(small.json, `hand-${i}`) : revealLengthReplay(small.json, `reveal-${i}`)));
    const probing = probe();
    const appending = ids.map(append);
    const answers = await Promise.all(
      hostile.map(async (body) => {
        const answer = await fetch(`${base}/matches/import/tcg-online`, { method: 'POST', headers: organizer, body }).catch((error: Error) => ({
          status: 0,
          json: () => Promise.resolve({ code: error.message }),
        }));
        const problem = (await answer.json()) as { code: string; setting?: string };
        return [answer.status, problem.code, problem.setting] as const;
      }),
    );
    importing = false;
    await Promise.all([probing, ...appending]);

    expect(answers.filter(([status]) => status < 400 || status >= 500)).toEqual([]);
    expect(new Set(answers.map(([, code, setting]) => `${code} ${setting}`))).toEqual(new Set(['REPLAY_TIME_LIMIT MATCHLOG_IMPORT_TIME_LIMIT_MS']));
    expect(failed).toEqual([]);
    for (const id of ids) {
      const log = await fetch(`${base}/matches/${id}/events?audience=judge`, { headers: organizer });
      const read = JSON.stringify(await log.json());
      expect(acknowledged.get(id)!.filter((eventId) => !read.includes(`"${eventId}"`))).toEqual([]);
    }
    const figure = p99(health);
    const appended = [...acknowledged.values()].reduce((sum, list) => sum + list.length, 0);
    console.log(`hostile-import load: /health p99 ${figure.toFixed(1)} ms over ${health.length} probes; ${appended} events appended, ${HOSTILE} imports refused`);
    expect(health.length).toBeGreaterThan(50);
    expect(figure).toBeLessThan(1000);
  }, 180_000);
  it('JSON bodies of millions of objects, sent with no key and with the organizer key: 4xx, /health answering throughout', async () => {
    const { base } = server!;
    // sent by another process, so that this one only probes: 7.8 MB of [{},{},…] (under MATCHLOG_REPLAY_LIMIT, 2.6 million
    // objects for whatever parses it), five rounds of four with no key and one with the organizer's
    const sender = `
      const wide = '[' + '{},'.repeat(2_600_000) + '{}]';
      const send = (headers) => fetch(process.argv[1] + '/matches/import/tcg-online', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: wide })
        .then(async (answer) => [answer.status, (await answer.json()).code]);
      (async () => {
        const answers = { anonymous: [], organizer: [] };
        for (let round = 0; round < 5; round++) {
          const [theirs, ours] = await Promise.all([Promise.all([1, 2, 3, 4].map(() => send({}))), send({ authorization: process.argv[2] })]);
          answers.anonymous.push(...theirs);
          answers.organizer.push(ours);
        }
        process.stdout.write(JSON.stringify(answers));
      })();`;
    const child = spawn(process.execPath, ['-e', sender, base, organizer.authorization], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    const done = new Promise((resolve) => child.once('exit', resolve));
    let sending = true;
    void done.then(() => (sending = false));
    const health: number[] = [];
    while (sending) {
      const started = performance.now();
      const ok = await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      );
      health.push(ok ? performance.now() - started : Infinity);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const answers = JSON.parse(output) as { anonymous: [number, string][]; organizer: [number, string][] };
    expect(answers.anonymous).toEqual(answers.anonymous.map(() => [401, 'UNAUTHENTICATED']));
    expect(answers.anonymous).toHaveLength(20);
    expect(answers.organizer.filter(([status]) => status < 400 || status >= 500)).toEqual([]);
    expect(health.length).toBeGreaterThan(20);
    const figure = p99(health);
    console.log(`wide JSON bodies (20 with no key, 5 with the organizer's): /health p99 ${figure.toFixed(1)} ms over ${health.length} probes`);
    expect(figure).toBeLessThan(1000);
  }, 180_000);
});

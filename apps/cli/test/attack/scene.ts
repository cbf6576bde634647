import { TYPESCRIPT_HOOK } from '@matchlog/testkit';
import {
  WITNESS_SIZE_CONTENT_TYPE,
  formatAddCheckpointRequest,
  formatHash,
  formatSignerKey,
  formatTlogProof,
  parseCheckpoint,
  parseNote,
  parseTlogProof,
  parseWitnessSize,
} from '@matchlog/ledger';
import { ChildProcess, spawn } from 'child_process';
import { createHash } from 'crypto';
import { mkdirSync, writeFileSync } from 'fs';
import { join } from 'path';
import { lorcanaMatch } from '../../../api/test/support/fixtures';
import { listening } from '../../../api/test/support/sse-client';
import { TestApp, startTestApp } from '../../../api/test/support/test-app';

/**
 * The honest side of an attack test: a server's ended matches, the witnesses that cosigned its checkpoints, what a
 * player keeps (the export and its .tlog-proof) and the files the CLI reads. The log's own collection of
 * cosignatures (MATCHLOG_WITNESSES) is not used: `collect` does its part, as an honest log would.
 */

export const ORIGIN = 'attack.test/matchlog';

/** A server for an attack: SQLite, its log signed every 50 ms under ORIGIN. */
export const startServer = (overrides: Parameters<typeof startTestApp>[0] = {}): Promise<TestApp> => startTestApp({ logIntervalMs: 50, logOrigin: ORIGIN, ...overrides });

const root = join(__dirname, '..', '..', '..', '..');

/** A match created and ended on the server (winner p1 or p2): revision 3, its MatchEnded last. */
export const endMatch = async (t: TestApp, matchId: string, winner: 'p1' | 'p2' = 'p1') => {
  await t.http().post('/matches').set(t.organizer).send(lorcanaMatch(matchId)).expect(201);
  await t
    .http()
    .post(`/matches/${matchId}/events`)
    .set(t.organizer)
    .send({
      expectedRevision: 1,
      events: [
        { type: 'TurnStarted', data: { player: winner, turn: 1 } },
        { type: 'MatchEnded', data: { winner, reason: '20 lore' } },
      ],
    })
    .expect(201);
};

export const sizeOf = (checkpoint: string): number => parseCheckpoint(parseNote(checkpoint).text).size;

/** A checkpoint note's root hash, as the CLI and the witness print it (standard base64). */
export const rootOf = (checkpoint: string): string => formatHash(parseCheckpoint(parseNote(checkpoint).text).root);

/** The server's checkpoint once its log holds `size` entries (its sequencer runs every 50 ms). */
export const checkpointAt = async (t: TestApp, size: number): Promise<string> => {
  for (let i = 0; i < 400; i++) {
    const answer = await t.http().get('/log/checkpoint');
    if (answer.status === 200 && sizeOf(answer.text) >= size) return answer.text;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the log never reached ${size} entries`);
};

export const exportOf = async (t: TestApp, matchId: string): Promise<string> => (await t.http().get(`/matches/${matchId}/export`).set(t.organizer).expect(200)).text;

/** The signed head an export ends with (its matchId, revision, chain head hash and kid). */
export const headOf = (exported: string): { matchId: string; revision: number; hash: string; kid: string } => JSON.parse(exported.trimEnd().split('\n').pop()!).signedHead.head;

/** The match's log entry and .tlog-proof as the server serves them (GET /matches/:id/receipt?proof=1). */
export const proofOf = async (t: TestApp, matchId: string): Promise<{ entry: string; proof: string } | null> =>
  (await t.http().get(`/matches/${matchId}/receipt?proof=1`).expect(200)).body.log;

/** The proof file with another checkpoint note (the same checkpoint with its cosignatures). */
export const withCheckpoint = (proof: string, checkpoint: string): string => formatTlogProof({ ...parseTlogProof(proof), checkpoint });

export interface RunningWitness {
  readonly name: string;
  readonly url: string;
  /** its cosignature verifier key, for a policy file */
  readonly vkey: string;
  stop(): Promise<void>;
}

/** `matchlog witness` (the judge's laptop: a file store in `dir`) for the logs of these verifier keys. */
export const startWitness = async (dir: string, name: string, logKeys: readonly string[]): Promise<RunningWitness> => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'witness.key'), `${formatSignerKey(`witness.test/${name}`, createHash('sha256').update(name).digest())}\n`);
  writeFileSync(join(dir, 'logs'), `${logKeys.join('\n')}\n`);
  const args = ['--dir', join(dir, 'state'), '--key', join(dir, 'witness.key'), '--logs', join(dir, 'logs'), '--port', '0'];
  const child: ChildProcess = spawn(process.execPath, ['-r', TYPESCRIPT_HOOK, join(root, 'apps', 'cli', 'src', 'main.ts'), 'witness', ...args], { cwd: root });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`matchlog witness exited ${code}`)));
  });
  const vkey = (await (await fetch(`${url}/key`)).text()).trim();
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return { name, url, vkey, stop };
};

/** Another matchlog server acting as a witness (MATCHLOG_WITNESS_LOGS): POST /witness/add-checkpoint, its state in `dir`. */
export const startServerWitness = async (dir: string, name: string, logKeys: readonly string[]): Promise<RunningWitness> => {
  const app = await startTestApp({
    witness: { key: formatSignerKey(`witness.test/${name}`, createHash('sha256').update(name).digest()), keyFile: '', logs: logKeys, stateDir: dir },
  });
  const base = await listening(app.app);
  const vkey = (await app.http().get('/witness/key').expect(200)).text.trim();
  return { name, url: `${base}/witness`, vkey, stop: () => app.close() };
};

/** A C2SP tlog-witness add-checkpoint request, sent as the adversary (or the log) sends it. */
export const addCheckpoint = async (witnessUrl: string, body: string) => {
  const answer = await fetch(`${witnessUrl}/add-checkpoint`, { method: 'POST', body });
  return { status: answer.status, type: answer.headers.get('content-type'), text: await answer.text() };
};

/**
 * What an honest log's collection does: the server's checkpoint sent to the witness from the size the witness holds
 * (learnt from its 409), with the server's consistency proof; the checkpoint note with the witness's cosignature.
 */
export const collect = async (t: TestApp, witness: RunningWitness): Promise<string> => {
  const checkpoint = (await t.http().get('/log/checkpoint').expect(200)).text;
  const size = sizeOf(checkpoint);
  let old = 0;
  for (let attempt = 0; attempt < 2; attempt++) {
    const proof =
      old === 0 || old === size
        ? []
        : (await t.http().get('/log/proof/consistency').query({ from: old, to: size }).expect(200)).text
            .split('\n')
            .filter(Boolean)
            .map((line) => Buffer.from(line, 'base64'));
    const answer = await addCheckpoint(witness.url, formatAddCheckpointRequest({ oldSize: old, proof, checkpoint }));
    if (answer.status === 200) return `${checkpoint}${answer.text}`;
    if (answer.status !== 409 || answer.type !== WITNESS_SIZE_CONTENT_TYPE) throw new Error(`${witness.name} refused the honest checkpoint: ${answer.status} ${answer.text}`);
    old = parseWitnessSize(answer.text);
  }
  throw new Error(`${witness.name} kept answering 409`);
};

/** Writes files into `dir`, returning each path. */
export const filesIn = (dir: string) => (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};

/** A policy file's text: the log's key, these witnesses, and the quorum (`none`, a witness's name, or a line of its own). */
export const policy = (logKey: string, witnesses: readonly RunningWitness[], quorum: string) =>
  `log ${logKey}\n${witnesses.map((w) => `witness ${w.name} ${w.vkey}\n`).join('')}${quorum.startsWith('group ') ? `${quorum}\nquorum ${quorum.split(' ')[1]}\n` : `quorum ${quorum}\n`}`;

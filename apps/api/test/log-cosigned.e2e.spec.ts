import {
  SIGNATURE_TYPE_COSIGNATURE_V1,
  SIGNATURE_TYPE_ED25519,
  cosignatureVerifier,
  ed25519NoteSigner,
  formatCheckpoint,
  formatSignerKey,
  formatVerifierKey,
  openCheckpoint,
  openNote,
  parseCheckpoint,
  parseNote,
  parseSignerKey,
  rawPublicKey,
  signNote,
  verifierFromKey,
} from '@matchlog/ledger';
import { Logger } from '@nestjs/common';
import { FailureProxy, freePort } from '@matchlog/testkit';
import { generateKeyPairSync, randomBytes } from 'crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { matchlogFromSource } from '../../cli/test/run-source-cli';
import { lorcanaMatch } from './support/fixtures';
import { listening } from './support/sse-client';
import { TestApp, startTestApp } from './support/test-app';

const INTERVAL_MS = 100;
const ended = [{ type: 'MatchEnded', data: { winner: 'p1', reason: 'lore' } }];

/** A log's signing key written as MATCHLOG_SIGNING_KEY_FILE wants it, and its vkey (the witness must know it before the log starts). */
const logKey = (dir: string, name: string, origin: string) => {
  const { privateKey } = generateKeyPairSync('ed25519');
  const file = join(dir, `${name}.pem`);
  writeFileSync(file, privateKey.export({ format: 'pem', type: 'pkcs8' }));
  return { file, privateKey, origin, vkey: formatVerifierKey(origin, SIGNATURE_TYPE_ED25519, rawPublicKey(privateKey)) };
};
type LogKey = ReturnType<typeof logKey>;

const until = async <T>(what: string, probe: () => Promise<T | undefined>): Promise<T> => {
  for (let i = 0; i < 600; i++) {
    const found = await probe().catch(() => undefined);
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never: ${what}`);
};

/** A second matchlog server witnesses the first: quorum, a missing witness, a refused fork (issue 39, "Done when"). */
describe('a matchlog server witnesses another one (MATCHLOG_WITNESSES ↔ POST /witness/add-checkpoint)', () => {
  let dir: string;
  let witness: TestApp;
  let proxy: FailureProxy;
  const open: TestApp[] = [];
  const witnessSkey = formatSignerKey('witness.test/w1', randomBytes(32));
  const witnessKey = parseSignerKey(witnessSkey);
  const witnessVkey = formatVerifierKey(witnessKey.name, SIGNATURE_TYPE_COSIGNATURE_V1, witnessKey.publicKey);
  const witnessVerifier = cosignatureVerifier(witnessKey.name, witnessKey.publicKey);
  let a: LogKey;
  let b: LogKey;

  const logApp = async (key: LogKey, witnesses: string, quorum?: string) => {
    const app = await startTestApp({
      signingKeyFile: key.file,
      logOrigin: key.origin,
      logIntervalMs: INTERVAL_MS,
      logWitnesses: witnesses.split(',').map((w) => {
        const [url, vkey] = w.trim().split(' ');
        return { url, vkey };
      }),
      ...(quorum && { logWitnessQuorum: Number(quorum) }),
    });
    open.push(app);
    return app;
  };
  const endMatch = async (app: TestApp, id: string) => {
    await app.http().post('/matches').set(app.organizer).send(lorcanaMatch(id)).expect(201);
    await app.http().post(`/matches/${id}/events`).set(app.organizer).send({ expectedRevision: 1, events: ended }).expect(201);
  };
  const published = async (app: TestApp) => {
    const answer = await app.http().get('/log/checkpoint');
    return answer.status === 200 ? answer.text : undefined;
  };
  const sizeOf = (note: string) => parseCheckpoint(parseNote(note).text).size;
  /** The published checkpoint once it holds `size` entries and is cosigned by the witness (its cosignature verified). */
  const cosignedAt = (app: TestApp, size: number) =>
    until(`a published checkpoint of ${size} entries cosigned by the witness`, async () => {
      const note = await published(app);
      if (note === undefined || sizeOf(note) < size) return undefined;
      return openNote(note, [witnessVerifier]).verified.length === 1 ? note : undefined;
    });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-cosigned-'));
    a = logKey(dir, 'a', 'a.test/matchlog');
    b = logKey(dir, 'b', 'b.test/matchlog');
    witness = await startTestApp({ witness: { key: witnessSkey, keyFile: '', logs: [a.vkey, b.vkey], stateDir: join(dir, 'witness') } });
    proxy = await FailureProxy.start(await listening(witness.app));
  });
  afterAll(async () => {
    for (const app of open.reverse()) await app.close();
    await proxy.close();
    await witness.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('(a) quorum: the published checkpoint carries the witness cosignature, and matchlog verify --proof --policy passes with it', async () => {
    const log = await logApp(a, `${proxy.base}/witness ${witnessVkey}`);
    await endMatch(log, 'cosigned-1');
    const note = await cosignedAt(log, 1);
    expect(openCheckpoint(note, [verifierFromKey(a.vkey)]).checkpoint.size).toBe(1);
    expect((await witness.http().get('/witness/key').expect(200)).text.trim()).toBe(witnessVkey);
    expect((await log.http().get('/matches/cosigned-1/log').expect(200)).body).toEqual({
      entries: [{ index: 0, kind: 'match-ended', revision: 2 }],
      checkpoint: { size: 1, signedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), cosignatures: 1 },
    });

    const exported = await log
      .http()
      .get('/matches/cosigned-1/export')
      .set(log.organizer)
      .buffer(true)
      .parse((res, done) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => done(null, body));
      })
      .expect(200);
    const { log: entry } = (await log.http().get('/matches/cosigned-1/receipt?proof=1').expect(200)).body;
    expect(entry.proof).toContain(parseNote(note).text);
    const file = (name: string, body: string) => (writeFileSync(join(dir, name), body), join(dir, name));
    const args = ['verify', file('cosigned-1.jsonl', exported.body as string), '--proof', file('cosigned-1.tlog-proof', entry.proof)];
    const passed = await matchlogFromSource([...args, '--policy', file('policy', `log ${a.vkey}\nwitness w1 ${witnessVkey}\nquorum w1\n`)]);
    expect(passed).toMatchObject({ code: 0 });
    const otherWitness = formatVerifierKey('other.test/w', SIGNATURE_TYPE_COSIGNATURE_V1, randomBytes(32));
    const failed = await matchlogFromSource([
      ...args,
      '--policy',
      file('strict', `log ${a.vkey}\nwitness w1 ${witnessVkey}\nwitness w2 ${otherWitness}\ngroup both all w1 w2\nquorum both\n`),
    ]);
    expect(failed.code).toBe(1);
  });

  it('(b) a missing witness: 1 of 1 away publishes nothing new, the old checkpoint stays; once back, the next interval publishes with its cosignature', async () => {
    const log = open[0];
    const before = await cosignedAt(log, 1);
    await proxy.refuse();
    const refusedBefore = proxy.counts.connectionsRefused;
    await endMatch(log, 'cosigned-2');
    await until('two intervals asking the witness in vain', async () => (proxy.counts.connectionsRefused >= refusedBefore + 2 ? true : undefined));
    expect(await published(log)).toBe(before);
    expect((await log.http().get('/matches/cosigned-2/receipt?proof=1').expect(409)).body.code).toBe('LOG_ENTRY_NOT_PUBLISHED');
    expect((await log.http().get('/log/tile/entries/000.p/2').expect(404)).body.code).toBe('LOG_TILE_NOT_FOUND');
    expect((await log.http().get('/matches/cosigned-2/log').expect(200)).body).toMatchObject({ entries: [], checkpoint: { size: 1 } });
    await proxy.accept();
    const after = await cosignedAt(log, 2);
    expect(sizeOf(after)).toBe(2);
    expect((await log.http().get('/matches/cosigned-2/receipt?proof=1').expect(200)).body.log.proof).toContain(parseNote(after).text);
  });

  it('(b) with 1 of 2, one away for good, it publishes with the other one', async () => {
    const nobody = `http://127.0.0.1:${await freePort()}/witness`;
    const absent = formatVerifierKey('absent.test/w', SIGNATURE_TYPE_COSIGNATURE_V1, randomBytes(32));
    const log = await logApp(b, `${nobody} ${absent}, ${proxy.base}/witness ${witnessVkey}`, '1');
    await endMatch(log, 'half-1');
    const note = await cosignedAt(log, 1);
    expect(parseNote(note).signatures.map((s) => s.name)).toEqual([b.origin, witnessKey.name]);
  });

  it('(c) a refused fork: the witness that cosigned size N refuses another tree of the same log (same origin and key, other entries), and never cosigns it', async () => {
    const honest = open[0];
    const held = sizeOf(await cosignedAt(honest, 2));
    const forkProxy = await FailureProxy.start(proxy.base);
    const warnings = jest.spyOn(Logger.prototype, 'warn');
    try {
      const fork = await logApp(a, `${forkProxy.base}/witness ${witnessVkey}`);
      const said = (pattern: RegExp) => warnings.mock.calls.some(([message]) => pattern.test(String(message)));
      for (let i = 0; i < held; i++) await endMatch(fork, `forked-${i}`);
      await until('the witness refusing the same size with another root', async () =>
        said(new RegExp(`size ${held} \\(old size ${held}\\): 409 WITNESS_FORK`)) ? true : undefined,
      );
      await endMatch(fork, `forked-${held}`);
      await until('the witness refusing a grown tree that does not extend its own', async () =>
        said(new RegExp(`size ${held + 1} \\(old size ${held}\\): 422 WITNESS_PROOF_INVALID`)) ? true : undefined,
      );
      expect(await published(fork)).toBeUndefined();
      expect((await fork.http().get('/matches/forked-0/receipt?proof=1').expect(409)).body.code).toBe('LOG_ENTRY_NOT_PUBLISHED');
      expect(forkProxy.requests('/witness/add-checkpoint')).toBeGreaterThan(0);

      // a forged request: the log's key over another root at the size the witness holds
      const root = randomBytes(32);
      const forged = signNote(formatCheckpoint({ origin: a.origin, size: held, root, extensions: [] }), [ed25519NoteSigner(a.origin, a.privateKey)]);
      const answer = await witness.http().post('/witness/add-checkpoint').set('Content-Type', 'text/plain').send(`old ${held}\n\n${forged}`).expect(409);
      expect(answer.body.code).toBe('WITNESS_FORK');

      // the witness still holds the honest tree: the honest log goes on being cosigned
      await endMatch(honest, 'cosigned-3');
      expect(sizeOf(await cosignedAt(honest, held + 1))).toBe(held + 1);
    } finally {
      warnings.mockRestore();
      await forkProxy.close();
    }
  });
});

import { TYPESCRIPT_HOOK } from '@matchlog/testkit';
import { chainEvents, parseJsonLines, publicJwkOf, signHead, toJsonLines } from '@matchlog/audit';
import { MatchEvent } from '@matchlog/domain';
import { spawn } from 'child_process';
import { generateKeyPairSync } from 'crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { configFromEnv } from '../src/config/config';
import { draw, lorcanaMatch } from './support/fixtures';
import { TestApp, startTestApp } from './support/test-app';

const NDJSON = 'application/x-ndjson';
const ROOT = join(__dirname, '..', '..', '..');
const ORGANIZER_KEY = 'k3Jx9vQ2mB7tLw4pZr8sYc1nHf6dGa0eUq5iXo2Vb8M=';
const id = 'trusted-1';

/** The real server started with `env`, until it exits: its code and stderr (it should refuse to start). */
const refusedStart = (env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string; listening: boolean }> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, ['-r', TYPESCRIPT_HOOK, 'apps/api/src/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, PORT: '0', MATCHLOG_ORGANIZER_KEY: ORGANIZER_KEY, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let listening = false;
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (chunk.includes('matchlog listening')) {
        listening = true;
        child.kill('SIGKILL');
      }
    });
    child.on('exit', (code) => resolve({ code, stderr, listening }));
  });

describe("MATCHLOG_TRUSTED_KEYS: a server imports another server's export by its published keys", () => {
  let a: TestApp;
  let dir: string;
  let exported: string;
  let jwksFile: string;
  let aKid: string;

  const importInto = (server: TestApp, text: string) => server.http().post('/matches/import').set(server.organizer).set('Content-Type', NDJSON).send(text);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-trusted-e2e-'));
    a = await startTestApp();
    await a.http().post('/matches').set(a.organizer).send(lorcanaMatch(id)).expect(201);
    await a
      .http()
      .post(`/matches/${id}/events`)
      .set(a.organizer)
      .send({
        expectedRevision: 1,
        events: [{ type: 'TurnStarted', data: { player: 'p1', turn: 1 } }, draw('c01'), { type: 'MatchEnded', data: { winner: 'p1', reason: '20 lore' } }],
      })
      .expect(201);
    exported = (await a.http().get(`/matches/${id}/export`).set(a.organizer).expect(200)).text;
    const jwks = (await a.http().get('/.well-known/jwks.json').expect(200)).body;
    aKid = jwks.keys[0].kid;
    jwksFile = join(dir, 'a-jwks.json');
    writeFileSync(jwksFile, JSON.stringify(jwks));
  });
  afterAll(async () => {
    await a.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("without it, another server refuses A's export: 422 SIGNATURE_KEY_UNKNOWN, saying how to trust A's keys, and writes nothing", async () => {
    const b = await startTestApp();
    try {
      const refused = (await importInto(b, exported).expect(422)).body;
      expect(refused).toMatchObject({ code: 'SIGNATURE_KEY_UNKNOWN', line: 5 });
      expect(refused.message).toContain(`the head is signed by key ${aKid}`);
      expect(refused.message).toContain('MATCHLOG_TRUSTED_KEYS');
      await b.http().get(`/matches/${id}`).expect(404);
    } finally {
      await b.close();
    }
  });

  describe('with B started on MATCHLOG_TRUSTED_KEYS naming a file of A’s /.well-known/jwks.json', () => {
    let b: TestApp;
    beforeAll(async () => {
      const { trustedKeys, trustedKeysFile } = configFromEnv({ MATCHLOG_ORGANIZER_KEY: ORGANIZER_KEY, MATCHLOG_DATA_DIR: dir, MATCHLOG_TRUSTED_KEYS: jwksFile });
      b = await startTestApp({ trustedKeys, trustedKeysFile });
    });
    afterAll(() => b.close());

    it("B signs with its own key, and publishes only its own: trusting A's keys does not make them B's", async () => {
      const { keys } = (await b.http().get('/.well-known/jwks.json').expect(200)).body;
      expect(keys).toHaveLength(1);
      expect(keys[0].kid).not.toBe(aKid);
    });

    it("B refuses a tampered export of A's still: an event changed, a head re-signed by another key, a signature changed", async () => {
      const lines = exported.trimEnd().split('\n');
      const changed = [...lines];
      changed[2] = changed[2].replace('"c01"', '"c02"');
      expect((await importInto(b, changed.join('\n')).expect(422)).body).toMatchObject({ code: 'CHAIN_BROKEN', line: 3 });
      const events = parseJsonLines(exported);
      if ('error' in events) throw new Error(events.error.message);
      const rechained = chainEvents(events.events.map((e, i) => (i === 2 ? ({ ...e, data: { ...e.data, cardId: 'c02' } } as MatchEvent) : e)));
      const forger = generateKeyPairSync('ed25519').privateKey;
      const head = JSON.parse(lines[4]).signedHead.head;
      const forged = toJsonLines(rechained, signHead({ ...head, hash: rechained[3].meta!.hash! }, forger));
      expect((await importInto(b, forged).expect(422)).body).toMatchObject({
        code: 'SIGNATURE_KEY_UNKNOWN',
        line: 5,
        message: expect.stringContaining(`the head is signed by key ${publicJwkOf(forger).kid}`),
      });
      const retimed = lines[4].replace(/"time":"[^"]*"/, '"time":"2000-01-01T00:00:00.000Z"');
      expect((await importInto(b, [...lines.slice(0, 4), retimed].join('\n')).expect(422)).body).toMatchObject({ code: 'SIGNATURE_INVALID', line: 5 });
      await b.http().get(`/matches/${id}`).expect(404);
    });

    it("B imports A's export, and the match records A's key: GET /matches/:id/verify names it", async () => {
      const imported = (await importInto(b, exported).expect(201)).body;
      expect(imported).toMatchObject({ matchId: id, revision: 4 });
      const verification = (await b.http().get(`/matches/${id}/verify`).set(b.bearer(imported.tokens.judge)).expect(200)).body;
      expect(verification).toMatchObject({ matchId: id, ok: true, imported: { events: 4, signedBy: aKid } });
      for (const audience of ['public', 'p1', 'judge']) {
        const theirs = (await b.http().get(`/matches/${id}/views/${audience}`).set(b.organizer).expect(200)).body;
        expect(theirs).toEqual((await a.http().get(`/matches/${id}/views/${audience}`).set(a.organizer).expect(200)).body);
      }
    });
  });

  it('a match recorded on its server has no imported; imported by a server sharing the signing key, it names that key', async () => {
    expect((await a.http().get(`/matches/${id}/verify`).set(a.organizer).expect(200)).body).not.toHaveProperty('imported');
    const again = await startTestApp({ signingKeyFile: join(a.dataDir, 'signing-key.pem') });
    try {
      await importInto(again, exported).expect(201);
      expect((await again.http().get(`/matches/${id}/verify`).set(again.organizer).expect(200)).body.imported).toEqual({ events: 4, signedBy: aKid });
    } finally {
      await again.close();
    }
  });

  it('the server does not start on a MATCHLOG_TRUSTED_KEYS file that holds a private key, saying so without repeating it', async () => {
    const secret = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
    const file = join(dir, 'private.json');
    writeFileSync(file, JSON.stringify({ keys: [secret] }));
    const { code, stderr, listening } = await refusedStart({ MATCHLOG_DATA_DIR: join(dir, 'data'), MATCHLOG_TRUSTED_KEYS: file });
    expect(listening).toBe(false);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^matchlog cannot start: MATCHLOG_TRUSTED_KEYS: key 1 of .*private\.json is a private key/);
    expect(stderr).not.toContain(secret.d!);
  });
});

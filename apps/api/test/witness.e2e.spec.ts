import { cosignatureVerifier, formatSignerKey, openNote, parseSignerKey } from '@matchlog/ledger';
import { TestLog } from '@matchlog/testkit';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { TestApp, startTestApp } from './support/test-app';

const witnessKey = formatSignerKey('witness.test/w1', Buffer.alloc(32, 7));
const log = TestLog.of(0);

describe('POST /witness/add-checkpoint (C2SP tlog-witness)', () => {
  let app: TestApp;
  let stateDir: string;
  const post = (body: string) => app.http().post('/witness/add-checkpoint').set('Content-Type', 'text/plain').send(body);

  beforeAll(async () => {
    stateDir = mkdtempSync(join(tmpdir(), 'matchlog-witness-'));
    app = await startTestApp({ witness: { key: witnessKey, keyFile: '', logs: [log.vkey], stateDir } });
  });
  afterAll(async () => {
    await app.close();
    rmSync(stateDir, { recursive: true, force: true });
  });

  it('cosigns a first checkpoint and a grown one, then refuses a stale size, a bad proof, an unknown key and a fork', async () => {
    for (let i = 0; i < 5; i++) log.append(`entry ${i}\n`);
    const first = await post(log.addCheckpointBody(0)).expect(200);
    expect(first.headers['content-type']).toMatch(/^text\/plain/);
    const key = parseSignerKey(witnessKey);
    const verifier = cosignatureVerifier(key.name, key.publicKey);
    expect(openNote(`${log.checkpoint()}${first.text}`, [verifier]).verified).toHaveLength(1);

    for (let i = 5; i < 300; i++) log.append(`entry ${i}\n`);
    await post(log.addCheckpointBody(5)).expect(200);

    const stale = await post(log.addCheckpointBody(5)).expect(409);
    expect(stale.headers['content-type']).toBe('text/x.tlog.size');
    expect(stale.text).toBe('300\n');

    log.append('entry 300\n');
    const bad = await post(log.addCheckpointBody(300, 301, log.consistency(299, 301))).expect(422);
    expect(bad.body.code).toBe('WITNESS_PROOF_INVALID');

    const impostor = new TestLog(log.origin, 'not the log key');
    impostor.append('x\n');
    expect((await post(impostor.addCheckpointBody(300, 1, [])).expect(403)).body.code).toBe('WITNESS_KEY_UNTRUSTED');
    expect((await post(TestLog.of(1, 'other.test/log').addCheckpointBody(0)).expect(404)).body.code).toBe('WITNESS_LOG_UNKNOWN');

    const fork = TestLog.of(300, log.origin, 'fork');
    expect((await post(fork.addCheckpointBody(300, 300, [])).expect(409)).body.code).toBe('WITNESS_FORK');
    expect((await post('old 0\n').expect(400)).body.code).toBe('WITNESS_REQUEST_MALFORMED');

    await post(log.addCheckpointBody(300)).expect(200);
  });

  it('serves its verifier key', async () => expect((await app.http().get('/witness/key').expect(200)).text).toMatch(/^witness\.test\/w1\+[0-9a-f]{8}\+/));
});

describe('the witness is off unless configured', () => {
  it('has no add-checkpoint route', async () => {
    const app = await startTestApp();
    try {
      expect((await app.http().post('/witness/add-checkpoint').set('Content-Type', 'text/plain').send(log.addCheckpointBody(0)).expect(404)).body.code).toBe('ROUTE_NOT_FOUND');
    } finally {
      await app.close();
    }
  });
});

import { formatAddCheckpointRequest } from '@matchlog/ledger';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { listening } from '../../../api/test/support/sse-client';
import { TestApp } from '../../../api/test/support/test-app';
import { matchlogFromSource as matchlog } from '../run-source-cli';
import {
  ORIGIN,
  RunningWitness,
  addCheckpoint,
  checkpointAt,
  collect,
  endMatch,
  exportOf,
  filesIn,
  headOf,
  policy,
  proofOf,
  rootOf,
  sizeOf,
  startServerWitness,
  withCheckpoint,
  startServer,
} from './scene';

/**
 * Attack 3: showing two players different heads. The adversary runs a second copy of the server with the same
 * signing key and the same log origin, where match s-2 ended the other way. Player A reads the real server, player B
 * the copy: each gets a signed export of s-2, a receipt and a .tlog-proof in a checkpoint of size 3 signed by the log's
 * key, with different roots (a split view). The witness is another matchlog server (POST /witness/add-checkpoint).
 */
describe('attack: showing two players different heads (a split view)', () => {
  let real: TestApp;
  let copy: TestApp;
  let witness: RunningWitness;
  let dir: string;
  let file: ReturnType<typeof filesIn>;
  let realUrl: string;
  let copyUrl: string;
  let viewA: string;
  let viewB: string;
  const monitor = (server: string) => matchlog(['monitor', '--log', `${server}/log/`, '--policy', join(dir, 'policy-log'), '--state', join(dir, 'monitor')]);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-attack-split-'));
    file = filesIn(dir);
    real = await startServer();
    copy = await startServer({ signingKeyFile: join(real.dataDir, 'signing-key.pem') });
    [realUrl, copyUrl] = [await listening(real.app), await listening(copy.app)];
    for (const [id, winner] of [
      ['s-1', 'p1'],
      ['s-2', 'p1'],
      ['s-3', 'p1'],
    ] as const) {
      await endMatch(real, id, winner);
      await endMatch(copy, id, id === 's-2' ? 'p2' : winner);
    }
    [viewA, viewB] = [await checkpointAt(real, 3), await checkpointAt(copy, 3)];
    const logKey = (await real.http().get('/log/key').expect(200)).text.trim();
    expect((await copy.http().get('/log/key').expect(200)).text.trim()).toBe(logKey);
    witness = await startServerWitness(join(dir, 'witness'), 'w1', [logKey]);
    file('policy-w1', policy(logKey, [witness], 'w1'));
    file('policy-log', policy(logKey, [], 'none'));
    // the real server's checkpoint is cosigned (as an honest log collects); player A keeps s-2 from it
    const cosigned = await collect(real, witness);
    file('a.jsonl', await exportOf(real, 's-2'));
    file('a.tlog-proof', withCheckpoint((await proofOf(real, 's-2'))!.proof, cosigned));
    file('b.jsonl', await exportOf(copy, 's-2'));
    file('b.tlog-proof', (await proofOf(copy, 's-2'))!.proof);
    expect(await monitor(realUrl)).toMatchObject({ code: 0 });
  }, 120_000);
  afterAll(async () => {
    await witness?.stop();
    await copy?.close();
    await real?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the two views: one origin, one key, one size, two roots, two heads of s-2', async () => {
    expect([sizeOf(viewA), sizeOf(viewB)]).toEqual([3, 3]);
    expect(viewA.split('\n')[0]).toBe(ORIGIN);
    expect(viewB.split('\n')[0]).toBe(ORIGIN);
    expect(rootOf(viewA)).not.toBe(rootOf(viewB));
    const [a, b] = [headOf(await exportOf(real, 's-2')), headOf(await exportOf(copy, 's-2'))];
    expect(a).toMatchObject({ matchId: 's-2', revision: b.revision, kid: b.kid });
    expect(a.hash).not.toBe(b.hash);
  });

  it('the witness, which cosigned view A, refuses view B: a fork at its size, and a stale size from 0', async () => {
    const fork = await addCheckpoint(witness.url, formatAddCheckpointRequest({ oldSize: 3, proof: [], checkpoint: viewB }));
    expect(fork.status).toBe(409);
    expect(fork.text).toContain(`WITNESS_FORK`);
    expect(fork.text).toContain(`has root ${rootOf(viewB)}, the one cosigned has ${rootOf(viewA)}`);
    const fromScratch = await addCheckpoint(witness.url, formatAddCheckpointRequest({ oldSize: 0, proof: [], checkpoint: viewB }));
    expect(fromScratch).toMatchObject({ status: 409, type: 'text/x.tlog.size', text: '3\n' });
  });

  it("verify --proof: A's proof passes the policy that asks for the witness, B's cannot; with no witness asked, B's passes too", async () => {
    const run = (who: string, policyFile: string) => matchlog(['verify', join(dir, `${who}.jsonl`), '--proof', join(dir, `${who}.tlog-proof`), '--policy', join(dir, policyFile)]);
    expect(await run('a', 'policy-w1')).toMatchObject({ code: 0, stdout: expect.stringContaining('cosigned by w1 (quorum w1 met)') });
    const b = await run('b', 'policy-w1');
    expect(b).toMatchObject({ code: 1, stdout: expect.stringContaining('log proof: REFUSED (QUORUM_NOT_MET)') });
    expect(await run('b', 'policy-log')).toMatchObject({ code: 0 });
  }, 60_000);

  it('the monitor that followed view A alarms when it is shown view B', async () => {
    expect(await monitor(copyUrl)).toMatchObject({
      code: 1,
      stdout: expect.stringContaining(`ALARM: a fork: size 3 with root ${rootOf(viewB)}, seen before with root ${rootOf(viewA)}`),
    });
    expect(await monitor(realUrl)).toMatchObject({ code: 0 });
  }, 60_000);
});

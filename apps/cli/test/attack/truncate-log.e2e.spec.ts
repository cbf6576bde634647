import { formatAddCheckpointRequest, parseMatchEntry } from '@matchlog/ledger';
import { TestLog } from '@matchlog/testkit';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { listening } from '../../../api/test/support/sse-client';
import { TestApp } from '../../../api/test/support/test-app';
import { matchlogFromSource as matchlog } from '../run-source-cli';
import { Adversary } from './adversary';
import { RunningWitness, addCheckpoint, checkpointAt, collect, endMatch, filesIn, policy, proofOf, sizeOf, startWitness, startServer } from './scene';

/**
 * Attack 5: truncating the log. The adversary makes the server serve a smaller tree (its first entries, re-signed
 * with the server's key), then a rebuilt one: the log started again from size 0 with its entries in another order,
 * grown past the size the witness and the monitor saw.
 */
describe('attack: truncating the log', () => {
  let t: TestApp;
  let witness: RunningWitness;
  let adversary: Adversary;
  let dir: string;
  let file: ReturnType<typeof filesIn>;
  let server: string;
  let honest: TestLog;
  const monitor = () => matchlog(['monitor', '--log', `${server}/log/`, '--policy', join(dir, 'policy-log'), '--state', join(dir, 'monitor')]);
  const logVerify = () => matchlog(['log', 'verify', '--from', join(dir, 'kept-checkpoint'), '--log', `${server}/log/`, '--policy', join(dir, 'policy-log')]);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-attack-truncate-'));
    file = filesIn(dir);
    t = await startServer();
    server = await listening(t.app);
    for (const id of ['t-1', 't-2', 't-3', 't-4', 't-5']) await endMatch(t, id);
    await checkpointAt(t, 5);
    const logKey = (await t.http().get('/log/key').expect(200)).text.trim();
    witness = await startWitness(join(dir, 'w1'), 'w1', [logKey]);
    file('policy-w1', policy(logKey, [witness], 'w1'));
    file('policy-log', policy(logKey, [], 'none'));
    // before the attack: the witness cosigned size 5, a judge kept that checkpoint, a monitor followed the log
    file('kept-checkpoint', await collect(t, witness));
    expect(await monitor()).toMatchObject({ code: 0, stdout: expect.stringContaining('5 new entries checked') });
    adversary = await Adversary.takeOver(t);
    honest = await adversary.copyOfLog();
  }, 120_000);
  afterAll(async () => {
    await witness?.stop();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a smaller tree: the monitor alarms on a rollback, the witness never cosigns it, log verify refuses it, its proofs lack the quorum', async () => {
    await adversary.serve(honest, 3);
    expect(sizeOf((await t.http().get('/log/checkpoint').expect(200)).text)).toBe(3);

    expect(await monitor()).toMatchObject({ code: 1, stdout: expect.stringContaining('ALARM: the log rolled back: size 3, seen before at 5') });
    const fromScratch = await addCheckpoint(witness.url, formatAddCheckpointRequest({ oldSize: 0, proof: [], checkpoint: honest.checkpoint(3) }));
    expect(fromScratch).toMatchObject({ status: 409, type: 'text/x.tlog.size', text: '5\n' });
    const fromHeld = await addCheckpoint(witness.url, formatAddCheckpointRequest({ oldSize: 5, proof: [], checkpoint: honest.checkpoint(3) }));
    expect(fromHeld).toMatchObject({ status: 400, text: expect.stringContaining("WITNESS_REQUEST_MALFORMED: the old size 5 is over the checkpoint's size 3") });
    expect(await logVerify()).toMatchObject({ code: 1, stdout: expect.stringMatching(/ALARM: the log's checkpoint of size 3 \(root \S+\) does not extend the old one of size 5/) });

    const truncated = file('t-2.tlog-proof', (await proofOf(t, 't-2'))!.proof);
    const exported = file('t-2.jsonl', (await t.http().get('/matches/t-2/export').set(t.organizer).expect(200)).text);
    expect(await matchlog(['verify', exported, '--proof', truncated, '--policy', join(dir, 'policy-w1')])).toMatchObject({
      code: 1,
      stdout: expect.stringContaining('log proof: REFUSED (QUORUM_NOT_MET)'),
    });
  }, 60_000);

  it('a rebuilt tree, from size 0 again and past the old size: the monitor and log verify find it inconsistent, the witness refuses its proof', async () => {
    const order = ['t-2', 't-1', 't-3', 't-4', 't-5'];
    await adversary.serve(adversary.logOf(order.map((id) => honest.entries.find((entry) => parseMatchEntry(entry).matchId === id)!)));
    adversary.release();
    await endMatch(t, 't-6');
    const rebuilt = await checkpointAt(t, 6);

    expect(await monitor()).toMatchObject({
      code: 1,
      stdout: expect.stringContaining('ALARM: the checkpoint of size 6 is not consistent with the one of size 5 seen before: the log forked or was rewritten'),
    });
    const proof = (await t.http().get('/log/proof/consistency').query({ from: 5, to: 6 }).expect(200)).text
      .split('\n')
      .filter(Boolean)
      .map((line) => Buffer.from(line, 'base64'));
    expect(await addCheckpoint(witness.url, formatAddCheckpointRequest({ oldSize: 5, proof, checkpoint: rebuilt }))).toMatchObject({
      status: 422,
      text: expect.stringContaining('WITNESS_PROOF_INVALID: the consistency proof from size 5 to 6 does not verify'),
    });
    expect(await logVerify()).toMatchObject({ code: 1, stdout: expect.stringContaining('does not extend the old one of size 5') });
  }, 60_000);
});

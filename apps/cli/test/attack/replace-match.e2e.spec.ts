import { MatchEntry, formatHash, parseMatchEntry } from '@matchlog/ledger';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { listening } from '../../../api/test/support/sse-client';
import { TestLog } from '@matchlog/testkit';
import { TestApp } from '../../../api/test/support/test-app';
import { matchlogFromSource as matchlog } from '../run-source-cli';
import { Adversary } from './adversary';
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
  startWitness,
  withCheckpoint,
  startServer,
} from './scene';

/**
 * Attack 1: replacing a finished match. The adversary holds the server's key and database, and runs a second copy
 * of the server with the same key, on which it records match r-2 again with the other player winning: a re-signed
 * export of the same match at the same revision, which `matchlog verify` alone accepts.
 */
describe('attack: replacing a finished match', () => {
  let t: TestApp;
  let copy: TestApp;
  let witness: RunningWitness;
  let adversary: Adversary;
  let dir: string;
  let file: ReturnType<typeof filesIn>;
  let server: string;
  let logKey: string;
  let rewritten: string;
  let honest: TestLog;
  let original: MatchEntry;
  let rewrittenHead: ReturnType<typeof headOf>;
  const monitor = () => matchlog(['monitor', '--log', `${server}/log/`, '--policy', join(dir, 'policy-log'), '--state', join(dir, 'monitor')]);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-attack-replace-'));
    file = filesIn(dir);
    t = await startServer();
    server = await listening(t.app);
    for (const id of ['r-1', 'r-2', 'r-3']) await endMatch(t, id);
    await checkpointAt(t, 3);
    logKey = (await t.http().get('/log/key').expect(200)).text.trim();
    witness = await startWitness(join(dir, 'w1'), 'w1', [logKey]);
    file('policy-w1', policy(logKey, [witness], 'w1'));
    file('policy-log', policy(logKey, [], 'none'));
    // before the attack: the player keeps r-2's export and proof (cosigned), a monitor follows the log
    const cosigned = await collect(t, witness);
    file('kept.jsonl', await exportOf(t, 'r-2'));
    file('kept.tlog-proof', withCheckpoint((await proofOf(t, 'r-2'))!.proof, cosigned));
    expect(await monitor()).toMatchObject({ code: 0, stdout: expect.stringContaining('3 new entries checked') });

    copy = await startServer({ signingKeyFile: join(t.dataDir, 'signing-key.pem') });
    await endMatch(copy, 'r-2', 'p2');
    const forged = await exportOf(copy, 'r-2');
    rewritten = file('rewritten.jsonl', forged);
    rewrittenHead = headOf(forged);
    adversary = await Adversary.takeOver(t);
    honest = await adversary.copyOfLog();
    original = await adversary.endOf('r-2');
    expect(original.head).toBe(headOf(await exportOf(t, 'r-2')).hash);
    expect(honest.checkpoint()).toBe((await t.http().get('/log/checkpoint').expect(200)).text);
  }, 120_000);
  afterAll(async () => {
    await witness?.stop();
    await copy?.close();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a rewritten, re-signed export passes `matchlog verify`, but `verify --proof` finds it is not the logged entry', async () => {
    const plain = await matchlog(['verify', rewritten]);
    expect(plain.code).toBe(0);
    const served = file('served.tlog-proof', withCheckpoint((await proofOf(t, 'r-2'))!.proof, await collect(t, witness)));
    const caught = await matchlog(['verify', rewritten, '--proof', served, '--policy', join(dir, 'policy-w1')]);
    expect(caught).toMatchObject({ code: 1, stdout: expect.stringContaining('log proof: REFUSED (PROOF_FAILED)') });
    expect(caught.stdout).toContain(`head ${rewrittenHead.hash}`);
    expect(await matchlog(['verify', join(dir, 'kept.jsonl'), '--proof', join(dir, 'kept.tlog-proof'), '--policy', join(dir, 'policy-w1')])).toMatchObject({ code: 0 });
  }, 60_000);

  it('replaced in place (the same size, re-signed): the witness refuses the fork, the monitor alarms, the proof lacks the quorum', async () => {
    const forged = adversary.logOf(honest.entries.map((entry) => (parseMatchEntry(entry).matchId === 'r-2' ? { ...original, head: rewrittenHead.hash } : entry)));
    await adversary.serve(forged);

    const fork = await addCheckpoint(witness.url, forged.addCheckpointBody(3, 3, []));
    expect(fork).toMatchObject({ status: 409, text: expect.stringContaining('WITNESS_FORK: a fork: the checkpoint of size 3') });
    const grown = adversary.logOf([...forged.entries, 'matchlog/entry/v1\nkind match-ended\nmatch r-4\nrevision 3\nhead x\nkid y\n']);
    const past = await addCheckpoint(witness.url, grown.addCheckpointBody(3, 4));
    expect(past).toMatchObject({ status: 422, text: expect.stringContaining('WITNESS_PROOF_INVALID: the consistency proof from size 3 to 4 does not verify') });

    expect(await monitor()).toMatchObject({
      code: 1,
      stdout: expect.stringContaining(`ALARM: a fork: size 3 with root ${formatHash(forged.root())}, seen before with root ${formatHash(honest.root())}`),
    });
    const served = file('forged.tlog-proof', (await proofOf(t, 'r-2'))!.proof);
    expect(await matchlog(['verify', rewritten, '--proof', served, '--policy', join(dir, 'policy-w1')])).toMatchObject({
      code: 1,
      stdout: expect.stringContaining('log proof: REFUSED (QUORUM_NOT_MET)'),
    });
    // the limit: a verifier whose policy asks for no witness takes the forged tree's proof
    expect(await matchlog(['verify', rewritten, '--proof', served, '--policy', join(dir, 'policy-log')])).toMatchObject({ code: 0 });
  }, 60_000);

  it('entered again with the new head (the log only grew): the witness cosigns and verify --proof passes, but the monitor alarms', async () => {
    const log = adversary.logOf([...honest.entries, { ...original, head: rewrittenHead.hash }]);
    await adversary.serve(log);

    const cosignature = await addCheckpoint(witness.url, log.addCheckpointBody(3, 4));
    expect(cosignature.status).toBe(200);
    const served = file('reentered.tlog-proof', withCheckpoint((await proofOf(t, 'r-2'))!.proof, `${log.checkpoint()}${cosignature.text}`));
    expect(await matchlog(['verify', rewritten, '--proof', served, '--policy', join(dir, 'policy-w1')])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining(`is entry 3 of ${ORIGIN}`),
    });
    expect(await matchlog(['verify', join(dir, 'kept.jsonl'), '--proof', join(dir, 'kept.tlog-proof'), '--policy', join(dir, 'policy-w1')])).toMatchObject({ code: 0 });

    expect(await monitor()).toMatchObject({
      code: 1,
      stdout: expect.stringContaining(
        `ALARM: entry 3: match r-2: revision 3 is logged with head ${rewrittenHead.hash}, and was logged before with head ${original.head}: its history was rewritten`,
      ),
    });
  }, 60_000);
});

import { formatAddCheckpointRequest, formatTlogProof, parseMatchEntry } from '@matchlog/ledger';
import { TestLog } from '@matchlog/testkit';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { TestApp } from '../../../api/test/support/test-app';
import { matchlogFromSource as matchlog } from '../run-source-cli';
import { Adversary } from './adversary';
import { RunningWitness, addCheckpoint, checkpointAt, collect, endMatch, exportOf, filesIn, headOf, policy, rootOf, startWitness, startServer } from './scene';

/**
 * Attack 6: forking the log between two witnesses. The adversary shows witness w1 the server's own tree, and witness
 * w2 a fork of it with the same origin and size, signed with the server's key, in which f-2 has the head of a match
 * re-recorded on a second copy of the server (same key): each witness, seeing one consistent history, cosigns its own.
 * Player A keeps f-2 from the first view (cosigned by w1), player B from the second (cosigned by w2).
 */
describe('attack: forking the log between two witnesses', () => {
  let t: TestApp;
  let copy: TestApp;
  let w1: RunningWitness;
  let w2: RunningWitness;
  let adversary: Adversary;
  let dir: string;
  let file: ReturnType<typeof filesIn>;
  let honest: TestLog;
  let forked: TestLog;
  let cosignedA: string;
  let cosignedB: string;
  const verify = (who: string, policyName: string) =>
    matchlog(['verify', join(dir, `${who}.jsonl`), '--proof', join(dir, `${who}.tlog-proof`), '--policy', join(dir, `policy-${policyName}`)]);
  /** The mirror of one view, as the adversary would host it for that view's readers: its tiles and its cosigned checkpoint. */
  const mirror = (name: string, log: TestLog, checkpoint: string) => {
    log.writeMirror(join(dir, name));
    writeFileSync(join(dir, name, 'checkpoint'), checkpoint);
    return join(dir, name);
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-attack-fork-'));
    file = filesIn(dir);
    t = await startServer();
    for (const id of ['f-1', 'f-2', 'f-3']) await endMatch(t, id);
    await checkpointAt(t, 3);
    const logKey = (await t.http().get('/log/key').expect(200)).text.trim();
    [w1, w2] = await Promise.all([startWitness(join(dir, 'w1'), 'w1', [logKey]), startWitness(join(dir, 'w2'), 'w2', [logKey])]);
    file('policy-w1', policy(logKey, [w1, w2], 'w1'));
    file('policy-w2', policy(logKey, [w1, w2], 'w2'));
    file('policy-both', policy(logKey, [w1, w2], 'group both all w1 w2'));
    file('policy-either', policy(logKey, [w1, w2], 'group either any w1 w2'));

    copy = await startServer({ signingKeyFile: join(t.dataDir, 'signing-key.pem') });
    await endMatch(copy, 'f-2', 'p2');
    const other = await exportOf(copy, 'f-2');
    adversary = await Adversary.takeOver(t);
    honest = await adversary.copyOfLog();
    forked = adversary.logOf(honest.entries.map((entry) => (parseMatchEntry(entry).matchId === 'f-2' ? { ...parseMatchEntry(entry), head: headOf(other).hash } : entry)));

    cosignedA = await collect(t, w1);
    const answer = await addCheckpoint(w2.url, forked.addCheckpointBody(0, 3));
    expect(answer.status).toBe(200);
    cosignedB = `${forked.checkpoint()}${answer.text}`;
    file('a.jsonl', await exportOf(t, 'f-2'));
    file('a.tlog-proof', formatTlogProof({ index: 1, inclusion: honest.inclusion(1), checkpoint: cosignedA }));
    file('b.jsonl', other);
    file('b.tlog-proof', formatTlogProof({ index: 1, inclusion: forked.inclusion(1), checkpoint: cosignedB }));
  }, 120_000);
  afterAll(async () => {
    await Promise.all([w1?.stop(), w2?.stop()]);
    await copy?.close();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("the limit: a verifier who asks for one witness only takes that witness's view", async () => {
    expect(rootOf(cosignedA)).not.toBe(rootOf(cosignedB));
    expect(await verify('a', 'w1')).toMatchObject({ code: 0, stdout: expect.stringContaining('cosigned by w1 (quorum w1 met)') });
    expect(await verify('b', 'w2')).toMatchObject({ code: 0, stdout: expect.stringContaining('cosigned by w2 (quorum w2 met)') });
  }, 60_000);

  it('verify --proof under a policy that asks for both witnesses refuses either view', async () => {
    expect(await verify('a', 'both')).toMatchObject({ code: 1, stdout: expect.stringContaining('log proof: REFUSED (QUORUM_NOT_MET)') });
    expect(await verify('b', 'both')).toMatchObject({ code: 1, stdout: expect.stringContaining('log proof: REFUSED (QUORUM_NOT_MET)') });
  }, 60_000);

  it("each witness refuses the other's view as a fork, even with the other witness's cosignature on it", async () => {
    const to = (checkpoint: string) => formatAddCheckpointRequest({ oldSize: 3, proof: [], checkpoint });
    for (const [witness, view, held] of [
      [w1, cosignedB, cosignedA],
      [w2, cosignedA, cosignedB],
    ] as const) {
      const answer = await addCheckpoint(witness.url, to(view));
      expect(answer).toMatchObject({
        status: 409,
        text: expect.stringContaining(`WITNESS_FORK: a fork: the checkpoint of size 3 has root ${rootOf(view)}, the one cosigned has ${rootOf(held)}`),
      });
    }
  });

  it("a monitor that takes either witness's cosignature alarms once it has seen both views", async () => {
    const monitor = (where: string) => matchlog(['monitor', '--log', where, '--policy', join(dir, 'policy-either'), '--state', join(dir, 'monitor')]);
    expect(await monitor(mirror('view-a', honest, cosignedA))).toMatchObject({ code: 0, stdout: expect.stringContaining('3 new entries checked') });
    expect(await monitor(mirror('view-b', forked, cosignedB))).toMatchObject({
      code: 1,
      stdout: expect.stringContaining(`ALARM: a fork: size 3 with root ${rootOf(cosignedB)}, seen before with root ${rootOf(cosignedA)}`),
    });
  }, 60_000);
});

import { formatHash, parseMatchEntry } from '@matchlog/ledger';
import { TestLog } from '@matchlog/testkit';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { listening } from '../../../api/test/support/sse-client';
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
  policy,
  proofOf,
  sizeOf,
  startWitness,
  withCheckpoint,
  startServer,
} from './scene';

/**
 * Attack 2: deleting a match. The adversary drops match d-2 from the catalog (so the server never logs it again)
 * and rebuilds the log without its entry, signed with the server's key; then lets the server run on, so the log
 * grows back to the size the witness and the monitor saw: a whole, self-consistent log in which d-2 never was.
 */
describe('attack: deleting a match', () => {
  let t: TestApp;
  let witness: RunningWitness;
  let adversary: Adversary;
  let dir: string;
  let file: ReturnType<typeof filesIn>;
  let server: string;
  let honest: TestLog;
  let rebuilt: TestLog;
  const monitor = () => matchlog(['monitor', '--log', `${server}/log/`, '--policy', join(dir, 'policy-log'), '--state', join(dir, 'monitor')]);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-attack-delete-'));
    file = filesIn(dir);
    t = await startServer();
    server = await listening(t.app);
    for (const id of ['d-1', 'd-2', 'd-3', 'd-4']) await endMatch(t, id);
    await checkpointAt(t, 4);
    const logKey = (await t.http().get('/log/key').expect(200)).text.trim();
    witness = await startWitness(join(dir, 'w1'), 'w1', [logKey]);
    file('policy-w1', policy(logKey, [witness], 'w1'));
    file('policy-log', policy(logKey, [], 'none'));
    // before the attack: d-2's player keeps its export and proof, cosigned; a monitor follows the log
    const cosigned = await collect(t, witness);
    file('kept-checkpoint', cosigned);
    file('kept.jsonl', await exportOf(t, 'd-2'));
    file('kept.tlog-proof', withCheckpoint((await proofOf(t, 'd-2'))!.proof, cosigned));
    expect(await monitor()).toMatchObject({ code: 0, stdout: expect.stringContaining('4 new entries checked') });

    adversary = await Adversary.takeOver(t);
    honest = await adversary.copyOfLog();
    await adversary.dropFromCatalog('d-2');
    await adversary.serve(adversary.logOf(honest.entries.filter((entry) => parseMatchEntry(entry).matchId !== 'd-2')));
    adversary.release();
    await endMatch(t, 'd-5');
    const grown = await checkpointAt(t, 4);
    rebuilt = await adversary.copyOfLog();
    expect(sizeOf(grown)).toBe(4);
    expect(rebuilt.entries.map((entry) => parseMatchEntry(entry).matchId)).toEqual(['d-1', 'd-3', 'd-4', 'd-5']);
  }, 120_000);
  afterAll(async () => {
    await witness?.stop();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the server no longer proves d-2, and its log is whole without it', async () => {
    expect(await proofOf(t, 'd-2')).toBeNull();
    expect(await proofOf(t, 'd-5')).not.toBeNull();
  });

  it('the monitor alarms: the log it saw at size 4 has another root now', async () => {
    expect(await monitor()).toMatchObject({
      code: 1,
      stdout: expect.stringContaining(`ALARM: a fork: size 4 with root ${formatHash(rebuilt.root())}, seen before with root ${formatHash(honest.root())}`),
    });
  }, 60_000);

  it('the witness refuses the rebuilt log, at its size or past it', async () => {
    expect(await addCheckpoint(witness.url, rebuilt.addCheckpointBody(4, 4, []))).toMatchObject({ status: 409, text: expect.stringContaining('WITNESS_FORK') });
    const later = adversary.logOf([...rebuilt.entries, 'matchlog/entry/v1\nkind match-ended\nmatch d-6\nrevision 3\nhead x\nkid y\n']);
    expect(await addCheckpoint(witness.url, later.addCheckpointBody(4, 5))).toMatchObject({ status: 422, text: expect.stringContaining('WITNESS_PROOF_INVALID') });
  });

  it("the player's kept proof still proves d-2 was logged, in a checkpoint the witness cosigned; the log no longer extends it", async () => {
    expect(await matchlog(['verify', join(dir, 'kept.jsonl'), '--proof', join(dir, 'kept.tlog-proof'), '--policy', join(dir, 'policy-w1')])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining(`is entry 1 of ${ORIGIN}, in its checkpoint of size 4`),
    });
    const grew = await matchlog(['log', 'verify', '--from', join(dir, 'kept-checkpoint'), '--log', `${server}/log/`, '--policy', join(dir, 'policy-log')]);
    expect(grew).toMatchObject({ code: 1, stdout: expect.stringContaining('does not extend the old one of size 4') });
  }, 60_000);
});

import {
  SIGNATURE_TYPE_COSIGNATURE_V1,
  cosign,
  ed25519Cosigner,
  formatMatchEntry,
  formatSignatureLine,
  formatTlogProof,
  formatVerifierKey,
  parseNote,
  privateKeyFromSeed,
  rawPublicKey,
} from '@matchlog/ledger';
import { TestLog } from '@matchlog/testkit';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { lorcanaMatch } from '../../api/test/support/fixtures';
import { TestApp, startTestApp } from '../../api/test/support/test-app';
import { matchlogFromSource } from './run-source-cli';

const witnessKey = privateKeyFromSeed(Buffer.alloc(32, 9));
const cosigner = ed25519Cosigner('witness.test/w1', witnessKey);
const witnessVkey = formatVerifierKey(cosigner.name, SIGNATURE_TYPE_COSIGNATURE_V1, rawPublicKey(witnessKey));

describe('matchlog verify <export> --proof --policy (offline: the export is in the log, the log is witnessed)', () => {
  let t: TestApp;
  let dir: string;
  let exportFile: string;
  let log: TestLog;
  let index: number;
  const file = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  const cosigned = (checkpoint: string) => `${checkpoint}${formatSignatureLine(cosign(cosigner, parseNote(checkpoint).text, 1_700_000_000))}`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-log-proof-'));
    t = await startTestApp();
    await t.http().post('/matches').set(t.organizer).send(lorcanaMatch('proof-1')).expect(201);
    await t
      .http()
      .post('/matches/proof-1/events')
      .set(t.organizer)
      .send({
        expectedRevision: 1,
        events: [
          { type: 'TurnStarted', data: { player: 'p1', turn: 1 } },
          { type: 'MatchEnded', data: { winner: 'p1', reason: '20 lore' } },
        ],
      })
      .expect(201);
    const exported = await t
      .http()
      .get('/matches/proof-1/export')
      .set(t.organizer)
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => done(null, text));
      });
    const text = exported.body as string;
    exportFile = file('proof-1.jsonl', text);
    const { head } = JSON.parse(text.trimEnd().split('\n').pop()!).signedHead;
    log = TestLog.of(5);
    index = log.append(formatMatchEntry({ kind: 'match-ended', matchId: head.matchId, revision: head.revision, head: head.hash, kid: head.kid }));
    for (let i = 0; i < 3; i++) log.append(`later ${i}\n`);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const policy = () => file('policy', `log ${log.vkey}\nwitness w1 ${witnessVkey}\nquorum w1\n`);
  const proofOf = (at: number, checkpoint = cosigned(log.checkpoint())) => file(`proof-${at}`, formatTlogProof({ index: at, inclusion: log.inclusion(at), checkpoint }));

  it('passes an export whose signed head is the logged entry, in a checkpoint the quorum cosigned', async () => {
    const result = await matchlogFromSource(['verify', exportFile, '--proof', proofOf(index), '--policy', policy()]);
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain(`log proof: the signed head (match-ended, revision 3) is entry ${index} of ${log.origin}, in its checkpoint of size ${log.size}`);
    expect(result.stdout).toContain('cosigned by w1 (quorum w1 met)');
  }, 60_000);

  it('refuses a proof of another entry, a checkpoint no witness cosigned, and a proof without a policy', async () => {
    const other = await matchlogFromSource(['verify', exportFile, '--proof', proofOf(index - 1), '--policy', policy()]);
    expect(other).toMatchObject({ code: 1, stdout: expect.stringContaining('log proof: REFUSED (PROOF_FAILED)') });
    const alone = await matchlogFromSource(['verify', exportFile, '--proof', proofOf(index, log.checkpoint()), '--policy', policy()]);
    expect(alone).toMatchObject({ code: 1, stdout: expect.stringContaining('log proof: REFUSED (QUORUM_NOT_MET)') });
    const forged = new TestLog(log.origin, 'a forger');
    forged.append('x\n');
    const unsigned = await matchlogFromSource(['verify', exportFile, '--proof', proofOf(index, cosigned(forged.checkpoint())), '--policy', policy()]);
    expect(unsigned.code).toBe(1);
    expect(await matchlogFromSource(['verify', exportFile, '--proof', proofOf(index)])).toMatchObject({ code: 2, stderr: expect.stringContaining('--policy') });
  }, 60_000);
});

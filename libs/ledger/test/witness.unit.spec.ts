import { WitnessState, claimedOrigin, cosignatureVerifier, decideAddCheckpoint, ed25519Cosigner, openNote, rawPublicKey, witnessedLogsFromKeys } from '@matchlog/ledger';
import { TestLog } from '@matchlog/testkit';
import { keyFor } from './fixtures';

const witnessKey = keyFor('witness');
const cosigner = ed25519Cosigner('witness.test/w1', witnessKey);
const log = TestLog.of(10);
const logs = witnessedLogsFromKeys([log.vkey]);
const decide = (body: string, held: WitnessState | undefined, time = 1_700_000_000) => decideAddCheckpoint({ body, held, logs, cosigner, time });
const state = (size: number, from = log): WitnessState => ({ size, root: from.root(size), checkpoint: from.checkpoint(size) });

describe('the witness decides add-checkpoint (C2SP tlog-witness)', () => {
  it('cosigns a first checkpoint (old 0) and holds it', () => {
    const decision = decide(log.addCheckpointBody(0, 4), undefined);
    expect(decision).toMatchObject({ ok: true, origin: log.origin, state: { size: 4 } });
    if (!decision.ok) return;
    expect(Buffer.from(decision.state.root)).toEqual(Buffer.from(log.root(4)));
    const verifier = cosignatureVerifier(cosigner.name, rawPublicKey(witnessKey));
    expect(openNote(`${log.checkpoint(4)}${decision.cosignature}`, [verifier]).verified.map((s) => s.name)).toEqual([cosigner.name]);
  });

  it('cosigns a grown checkpoint with a good consistency proof', () => expect(decide(log.addCheckpointBody(4, 10), state(4))).toMatchObject({ ok: true, state: { size: 10 } }));

  it('cosigns the same checkpoint again', () => expect(decide(log.addCheckpointBody(10, 10, []), state(10))).toMatchObject({ ok: true }));

  it('answers 409 with its size to a stale old size', () => {
    expect(decide(log.addCheckpointBody(4, 10), state(7))).toMatchObject({ ok: false, status: 409, heldSize: 7 });
    expect(decide(log.addCheckpointBody(0, 10), state(7))).toMatchObject({ ok: false, status: 409, heldSize: 7 });
    expect(decide(log.addCheckpointBody(4, 10), undefined)).toMatchObject({ ok: false, status: 409, heldSize: 0 });
  });

  it('answers 422 to a bad consistency proof', () => {
    expect(decide(log.addCheckpointBody(4, 10, log.consistency(5, 10)), state(4))).toMatchObject({ ok: false, status: 422 });
    expect(decide(log.addCheckpointBody(0, 10, log.consistency(4, 10)), undefined)).toMatchObject({ ok: false, status: 422 });
  });

  it('answers 422 to a log that rewrote its past (the proof is checked against the root the witness holds)', () => {
    const other = TestLog.of(10, log.origin, 'rewritten');
    expect(decide(other.addCheckpointBody(4, 10), state(4))).toMatchObject({ ok: false, status: 422 });
  });

  it('refuses a fork: the size it holds with another root', () => {
    const other = TestLog.of(10, log.origin, 'fork');
    expect(decide(other.addCheckpointBody(10, 10, []), state(10))).toMatchObject({ ok: false, status: 409 });
    expect(decide(other.addCheckpointBody(10, 10, []), state(10))).not.toHaveProperty('heldSize');
  });

  it('answers 403 to a checkpoint signed by a key it does not trust for the origin', () => {
    const impostor = new TestLog(log.origin, 'another key');
    impostor.append('x\n');
    expect(decide(impostor.addCheckpointBody(0), undefined)).toMatchObject({ ok: false, status: 403 });
  });

  it('answers 404 to an origin it does not witness', () =>
    expect(decide(TestLog.of(3, 'other.test/log').addCheckpointBody(0), undefined)).toMatchObject({ ok: false, status: 404 }));

  it('answers 400 to a malformed body or an old size over the checkpoint', () => {
    expect(decide('old 0\n', undefined)).toMatchObject({ ok: false, status: 400 });
    expect(decide(log.addCheckpointBody(11, 10, []), state(10))).toMatchObject({ ok: false, status: 400 });
  });

  it('reads the claimed origin to look its state up', () => {
    expect(claimedOrigin(log.addCheckpointBody(0))).toBe(log.origin);
    expect(claimedOrigin('nonsense')).toBeUndefined();
  });
});

import {
  SIGNATURE_TYPE_COSIGNATURE_V1,
  cosign,
  cosignatureMessage,
  cosignatureTime,
  cosignatureVerifier,
  cosignerAt,
  ed25519Cosigner,
  formatSignatureLine,
  formatVerifierKey,
  keyIdOf,
  openNote,
  parseNote,
  parseVerifierKey,
  rawPublicKey,
  signNote,
  verifierFromKey,
} from '@matchlog/ledger';
import { createHash } from 'node:crypto';
import { keyFor, vector } from './fixtures';

const c2sp = vector<{ checkpoint: string; cosignedCheckpoint: string; cosignatureMessage: { time: number; message: string } }>('c2sp/examples.json');
const formats = vector<{ cosignatureVerifierKeys: string[] }>('transparency-dev-formats/formats.json');
const body = parseNote(c2sp.checkpoint).text;

describe('cosignatures (C2SP tlog-cosignature, cosignature/v1)', () => {
  it('signs the message of the spec example: header, time line, checkpoint body', () =>
    expect(cosignatureMessage(body, c2sp.cosignatureMessage.time)).toBe(c2sp.cosignatureMessage.message));

  it("reads the spec example's cosignature as a timestamped signature: 8-byte time, 64-byte Ed25519", () => {
    const witness = parseNote(c2sp.cosignedCheckpoint).signatures.find((s) => s.name === 'witness.example.com/w1');
    expect(witness?.signature).toHaveLength(72);
    expect(cosignatureTime(witness?.signature as Buffer)).toBe(c2sp.cosignatureMessage.time);
  });

  it('computes the key ID with the cosignature byte 0x04, and reads 0x04 vkeys (transparency-dev/formats)', () => {
    const key = keyFor('witness');
    const cosigner = ed25519Cosigner('witness.example/w1', key);
    const publicKey = rawPublicKey(key);
    const expected = createHash('sha256')
      .update(Buffer.concat([Buffer.from('witness.example/w1\n'), Buffer.of(0x04), publicKey]))
      .digest()
      .readUInt32BE(0);
    expect(cosigner.keyId).toBe(expected);
    expect(keyIdOf('witness.example/w1', SIGNATURE_TYPE_COSIGNATURE_V1, publicKey)).toBe(expected);
    expect(parseVerifierKey(formats.cosignatureVerifierKeys[1])).toMatchObject({ name: 'remora.n621.de', keyId: 0xda77ade7, type: 4 });
    expect(parseVerifierKey(formats.cosignatureVerifierKeys[0])).toMatchObject({ name: 'TEST', keyId: 0x7997405c, type: 1 });
  });

  it('cosigns at the given time and verifies; another time, body or key fails', () => {
    const key = keyFor('witness');
    const cosigner = ed25519Cosigner('witness.example/w1', key);
    const line = cosign(cosigner, body, 1700000000);
    expect(cosignatureTime(line.signature)).toBe(1700000000);
    const verifier = cosignatureVerifier('witness.example/w1', rawPublicKey(key));
    expect(verifier.verify(body, line.signature)).toBe(true);
    expect(verifier.verify(body.replace('20852163', '20852164'), line.signature)).toBe(false);
    const otherTime = Buffer.from(line.signature);
    otherTime[7] ^= 1;
    expect(verifier.verify(body, otherTime)).toBe(false);
    expect(cosignatureVerifier('witness.example/w1', rawPublicKey(keyFor('other'))).verify(body, line.signature)).toBe(false);
  });

  it('a cosigned checkpoint opens with the log and the witness, and a plain Ed25519 verifier of the same key does not count it', () => {
    const key = keyFor('witness');
    const line = cosign(ed25519Cosigner('witness.example/w1', key), body, 1700000000);
    const note = c2sp.checkpoint + formatSignatureLine(line);
    const witness = verifierFromKey(formatVerifierKey('witness.example/w1', SIGNATURE_TYPE_COSIGNATURE_V1, rawPublicKey(key)));
    expect(openNote(note, [witness]).verified.map((s) => s.name)).toEqual(['witness.example/w1']);
    const asNoteKey = verifierFromKey(formatVerifierKey('witness.example/w1', 1, rawPublicKey(key)));
    expect(() => openNote(note, [asNoteKey])).toThrow(expect.objectContaining({ code: 'UNVERIFIED_NOTE' }));
  });

  it('signNote with a cosigner at a time gives the same line as cosign', () => {
    const cosigner = ed25519Cosigner('w', keyFor('w'));
    expect(signNote(body, [cosignerAt(cosigner, 42)])).toBe(`${body}\n${formatSignatureLine(cosign(cosigner, body, 42))}`);
  });
});

import { KeyObject } from 'node:crypto';
import { ED25519_SIGNATURE_SIZE, ed25519Sign, ed25519Verify, publicKeyFromRaw, rawPublicKey } from './ed25519';
import { LedgerError } from './ledger-error';
import { SIGNATURE_TYPE_COSIGNATURE_V1, keyIdOf } from './note-key';
import { NoteSignature, NoteSigner, NoteVerifier, checkNoteText } from './signed-note';

/**
 * C2SP tlog-cosignature, Ed25519 `cosignature/v1`: a note signature over `cosignature/v1\ntime <t>\n<checkpoint body>`,
 * whose bytes are the timestamp (big-endian uint64, POSIX seconds) and the 64-byte Ed25519 signature.
 */
const TIMESTAMPED_SIGNATURE_SIZE = 8 + ED25519_SIGNATURE_SIZE;

/** The message a cosigner signs: the header line, the time line, and the whole checkpoint body. */
export const cosignatureMessage = (checkpointText: string, time: number): string => {
  checkNoteText(checkpointText);
  if (!Number.isSafeInteger(time) || time < 0) throw new LedgerError('INVALID_INPUT', `a cosignature time is POSIX seconds, not ${time}`);
  return `cosignature/v1\ntime ${time}\n${checkpointText}`;
};

/** The cosignature's time (POSIX seconds), from its signature bytes; undefined if they are not a timestamped signature. */
export const cosignatureTime = (signature: Uint8Array): number | undefined => {
  if (signature.length !== TIMESTAMPED_SIGNATURE_SIZE) return undefined;
  const time = Buffer.from(signature.buffer, signature.byteOffset, 8).readBigUInt64BE(0);
  return time <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(time) : undefined;
};

/** A witness's cosigning key: a cosignature needs a time as well as the text, so it signs through cosign (or cosignerAt). */
export interface Cosigner {
  readonly name: string;
  readonly keyId: number;
  readonly privateKey: KeyObject;
}

export const ed25519Cosigner = (name: string, privateKey: KeyObject): Cosigner => ({
  name,
  keyId: keyIdOf(name, SIGNATURE_TYPE_COSIGNATURE_V1, rawPublicKey(privateKey)),
  privateKey,
});

/** The cosignature of the checkpoint at `time` (POSIX seconds, from the caller's clock), as a note signature. */
export const cosign = (cosigner: Cosigner, checkpointText: string, time: number): NoteSignature => {
  const stamp = Buffer.alloc(8);
  stamp.writeBigUInt64BE(BigInt(time));
  const signature = ed25519Sign(cosigner.privateKey, Buffer.from(cosignatureMessage(checkpointText, time), 'utf8'));
  return { name: cosigner.name, keyId: cosigner.keyId, signature: Buffer.concat([stamp, signature]) };
};

/** A note signer for signNote: it cosigns at the fixed time given. */
export const cosignerAt = (cosigner: Cosigner, time: number): NoteSigner => ({
  name: cosigner.name,
  keyId: cosigner.keyId,
  sign: (text) => cosign(cosigner, text, time).signature,
});

/** A note verifier for a witness's cosignature/v1 key (type 0x04). */
export const cosignatureVerifier = (name: string, publicKey: Uint8Array): NoteVerifier => {
  const key = publicKeyFromRaw(publicKey);
  return {
    name,
    keyId: keyIdOf(name, SIGNATURE_TYPE_COSIGNATURE_V1, publicKey),
    verify: (text, signature) => {
      const time = cosignatureTime(signature);
      if (time === undefined) return false;
      return ed25519Verify(key, Buffer.from(cosignatureMessage(text, time), 'utf8'), signature.subarray(8));
    },
  };
};

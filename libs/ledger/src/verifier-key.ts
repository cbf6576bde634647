import { KeyObject } from 'node:crypto';
import { cosignatureVerifier } from './cosignature';
import { privateKeyFromSeed } from './ed25519';
import { SIGNATURE_TYPE_COSIGNATURE_V1, parseSignerKey, parseVerifierKey } from './note-key';
import { NoteSigner, NoteVerifier, ed25519NoteSigner, ed25519NoteVerifier } from './signed-note';

/** The note verifier a vkey names: an Ed25519 note key (0x01) or a cosignature/v1 key (0x04). */
export const verifierFromKey = (vkey: string): NoteVerifier => {
  const key = parseVerifierKey(vkey);
  return key.type === SIGNATURE_TYPE_COSIGNATURE_V1 ? cosignatureVerifier(key.name, key.publicKey) : ed25519NoteVerifier(key.name, key.publicKey);
};

/** The Ed25519 note signer of a `PRIVATE+KEY+…` signer key. */
export const signerFromKey = (skey: string): NoteSigner & { readonly privateKey: KeyObject } => {
  const key = parseSignerKey(skey);
  const privateKey = privateKeyFromSeed(key.seed);
  return { ...ed25519NoteSigner(key.name, privateKey), privateKey };
};

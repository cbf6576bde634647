import { KeyObject, createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { LedgerError } from './ledger-error';

/** Raw Ed25519 (RFC 8032) keys as the C2SP formats carry them: a 32-byte seed, a 32-byte public key. */
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export const ED25519_KEY_SIZE = 32;
export const ED25519_SIGNATURE_SIZE = 64;

export const privateKeyFromSeed = (seed: Uint8Array): KeyObject => {
  if (seed.length !== ED25519_KEY_SIZE) throw new LedgerError('MALFORMED_KEY', `an Ed25519 seed is ${ED25519_KEY_SIZE} bytes, not ${seed.length}`);
  return createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
};

export const publicKeyFromRaw = (publicKey: Uint8Array): KeyObject => {
  if (publicKey.length !== ED25519_KEY_SIZE) throw new LedgerError('MALFORMED_KEY', `an Ed25519 public key is ${ED25519_KEY_SIZE} bytes, not ${publicKey.length}`);
  return createPublicKey({ key: Buffer.concat([SPKI_PREFIX, publicKey]), format: 'der', type: 'spki' });
};

/** The 32 raw bytes of an Ed25519 key's public half (the key may be private or public). */
export const rawPublicKey = (key: KeyObject): Buffer => {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  if (publicKey.asymmetricKeyType !== 'ed25519') throw new LedgerError('MALFORMED_KEY', `the key must be Ed25519, not ${publicKey.asymmetricKeyType}`);
  return publicKey.export({ format: 'der', type: 'spki' }).subarray(SPKI_PREFIX.length);
};

export const ed25519Sign = (privateKey: KeyObject, message: Uint8Array): Buffer => sign(null, message, privateKey);

export const ed25519Verify = (publicKey: KeyObject, message: Uint8Array, signature: Uint8Array): boolean =>
  signature.length === ED25519_SIGNATURE_SIZE && verify(null, message, publicKey, signature);

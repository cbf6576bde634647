import { createHash } from 'node:crypto';
import { decodeBase64 } from './hash';
import { ED25519_KEY_SIZE, privateKeyFromSeed, rawPublicKey } from './ed25519';
import { LedgerError } from './ledger-error';

/** C2SP signed-note signature types used here: Ed25519 note signatures, and Ed25519 cosignature/v1 (tlog-cosignature). */
export const SIGNATURE_TYPE_ED25519 = 0x01;
export const SIGNATURE_TYPE_COSIGNATURE_V1 = 0x04;

/** A key name: non-empty, no Unicode space, no `+`. */
export const isKeyName = (name: string): boolean => name.length > 0 && !/[\s+]/u.test(name);

/** key ID = SHA-256(key name || 0x0A || signature type || public key)[:4], as a big-endian uint32. */
export const keyIdOf = (name: string, type: number, publicKey: Uint8Array): number =>
  createHash('sha256').update(name, 'utf8').update(Uint8Array.of(0x0a, type)).update(publicKey).digest().readUInt32BE(0);

export const formatKeyId = (keyId: number): string => keyId.toString(16).padStart(8, '0');

/** A verifier key (vkey) taken apart. */
export interface VerifierKey {
  readonly name: string;
  readonly keyId: number;
  readonly type: number;
  readonly publicKey: Buffer;
}

/** `<name>+<hex key ID>+<base64(type || public key)>`. */
export const formatVerifierKey = (name: string, type: number, publicKey: Uint8Array): string => {
  if (!isKeyName(name)) throw new LedgerError('MALFORMED_KEY', `"${name}" is not a key name: it must be non-empty, with no spaces and no "+"`);
  return `${name}+${formatKeyId(keyIdOf(name, type, publicKey))}+${Buffer.concat([Uint8Array.of(type), publicKey]).toString('base64')}`;
};

/** name, key ID and key: the name has no `+`, the base64 key may. */
const cutPlus = (text: string): [string, string, string] | undefined => {
  const first = text.indexOf('+');
  const second = first < 0 ? -1 : text.indexOf('+', first + 1);
  return second < 0 ? undefined : [text.slice(0, first), text.slice(first + 1, second), text.slice(second + 1)];
};

const KNOWN_TYPES = new Set([SIGNATURE_TYPE_ED25519, SIGNATURE_TYPE_COSIGNATURE_V1]);

/** A vkey, strictly: a known type (0x01, 0x04) with a 32-byte Ed25519 key, and the key ID that name and key give. */
export const parseVerifierKey = (vkey: string): VerifierKey => {
  const bad = (why: string) => new LedgerError('MALFORMED_KEY', `"${vkey}" is not a verifier key (<name>+<key ID>+<key>): ${why}`);
  const parts = cutPlus(vkey);
  if (!parts) throw bad('it has not three parts');
  const [name, id, key] = parts;
  if (!isKeyName(name)) throw bad('the name is empty or has a space');
  if (!/^[0-9a-f]{8}$/.test(id)) throw bad('the key ID is not 8 lowercase hex digits');
  const bytes = decodeBase64(key);
  if (!bytes || bytes.length !== 1 + ED25519_KEY_SIZE) throw bad('the key is not base64 of a type byte and a 32-byte Ed25519 key');
  const type = bytes[0];
  if (!KNOWN_TYPES.has(type)) throw bad(`signature type 0x${type.toString(16).padStart(2, '0')} is not Ed25519 (0x01) or cosignature/v1 (0x04)`);
  const publicKey = bytes.subarray(1);
  const keyId = Number.parseInt(id, 16);
  if (keyId !== keyIdOf(name, type, publicKey)) throw bad('the key ID does not match the name and key');
  return { name, keyId, type, publicKey };
};

/** A signer key taken apart: the Ed25519 seed and what it derives. */
export interface SignerKey {
  readonly name: string;
  readonly keyId: number;
  readonly seed: Buffer;
  readonly publicKey: Buffer;
}

/** `PRIVATE+KEY+<name>+<hex key ID>+<base64(0x01 || seed)>`, the signer key of golang.org/x/mod/sumdb/note. */
export const formatSignerKey = (name: string, seed: Uint8Array): string => {
  const publicKey = rawPublicKey(privateKeyFromSeed(seed));
  const vkey = formatVerifierKey(name, SIGNATURE_TYPE_ED25519, publicKey);
  return `PRIVATE+KEY+${name}+${vkey.split('+')[1]}+${Buffer.concat([Uint8Array.of(SIGNATURE_TYPE_ED25519), seed]).toString('base64')}`;
};

export const parseSignerKey = (skey: string): SignerKey => {
  const bad = (why: string) => new LedgerError('MALFORMED_KEY', `the signer key is not PRIVATE+KEY+<name>+<key ID>+<key>: ${why}`);
  const parts = skey.startsWith('PRIVATE+KEY+') ? cutPlus(skey.slice('PRIVATE+KEY+'.length)) : undefined;
  if (!parts) throw bad('it has not five parts');
  const [name, id, key] = parts;
  if (!isKeyName(name)) throw bad('the name is empty or has a space');
  if (!/^[0-9a-f]{8}$/.test(id)) throw bad('the key ID is not 8 lowercase hex digits');
  const bytes = decodeBase64(key);
  if (!bytes || bytes.length !== 1 + ED25519_KEY_SIZE || bytes[0] !== SIGNATURE_TYPE_ED25519) throw bad('the key is not base64 of 0x01 and a 32-byte Ed25519 seed');
  const seed = bytes.subarray(1);
  const publicKey = rawPublicKey(privateKeyFromSeed(seed));
  const keyId = Number.parseInt(id, 16);
  if (keyId !== keyIdOf(name, SIGNATURE_TYPE_ED25519, publicKey)) throw bad('the key ID does not match the name and key');
  return { name, keyId, seed, publicKey };
};

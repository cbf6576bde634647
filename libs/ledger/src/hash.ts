import { createHash } from 'node:crypto';

/** A SHA-256 hash: 32 bytes. */
export type Hash = Uint8Array;
export const HASH_SIZE = 32;

const LEAF_PREFIX = Uint8Array.of(0x00);
const NODE_PREFIX = Uint8Array.of(0x01);

/** RFC 6962 / RFC 9162 §2.1.1: the hash of a leaf is SHA-256(0x00 || entry). */
export const leafHash = (entry: Uint8Array): Hash => createHash('sha256').update(LEAF_PREFIX).update(entry).digest();

/** The hash of an inner node: SHA-256(0x01 || left || right). */
export const nodeHash = (left: Hash, right: Hash): Hash => createHash('sha256').update(NODE_PREFIX).update(left).update(right).digest();

/** The root of the empty tree: SHA-256 of nothing. */
export const emptyRoot = (): Hash => createHash('sha256').digest();

export const hashEquals = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && Buffer.compare(a, b) === 0;

export const isHash = (h: Uint8Array): boolean => h.length === HASH_SIZE;

/** Standard base64 (RFC 4648 §4), as every C2SP text format writes a hash. */
export const formatHash = (h: Hash): string => Buffer.from(h).toString('base64');

/** A hash in canonical standard base64, or undefined. */
export const decodeHash = (text: string): Hash | undefined => {
  const bytes = decodeBase64(text);
  return bytes && bytes.length === HASH_SIZE ? bytes : undefined;
};

/** Bytes from canonical standard base64 (padded, no whitespace, unused bits zero), or undefined. */
export const decodeBase64 = (text: string): Buffer | undefined => {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return undefined;
  const bytes = Buffer.from(text, 'base64');
  return bytes.toString('base64') === text ? bytes : undefined;
};

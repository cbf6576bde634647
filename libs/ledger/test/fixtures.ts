import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hash, leafHash, privateKeyFromSeed } from '@matchlog/ledger';

/** A vector file under test/vectors (see its README for each source). */
export const vector = <T>(path: string): T => JSON.parse(readFileSync(join(__dirname, 'vectors', path), 'utf8')) as T;

export const b64 = (text: string | null | undefined): Buffer => Buffer.from(text ?? '', 'base64');
export const hex = (text: string): Buffer => Buffer.from(text, 'hex');

/** A seeded generator (mulberry32): the property tests are random but the same on every run. */
export const seeded = (seed: number) => {
  let a = seed >>> 0;
  return (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

export const leavesOf = (n: number, tag = 'entry'): Hash[] => Array.from({ length: n }, (_, i) => leafHash(Buffer.from(`${tag} ${i}`)));

/** A fixed Ed25519 key for tests, from a name. */
export const keyFor = (name: string) => privateKeyFromSeed(createHash('sha256').update(name).digest());

export const flipped = (bytes: Uint8Array, at = 0): Buffer => {
  const copy = Buffer.from(bytes);
  copy[at % copy.length] ^= 0x01;
  return copy;
};

import { CompactRange } from './compact-range';
import { Hash, HASH_SIZE, emptyRoot, nodeHash } from './hash';
import { assertCount, shiftRight, trailingZeros } from './integers';
import { LedgerError } from './ledger-error';
import { splitPoint } from './merkle-tree';

/**
 * The stored-hash numbering of golang.org/x/mod/sumdb/tlog, which tlog-tiles serves: every complete subtree's hash
 * gets one index, in the order an append-only log writes them (leaf n's hash, then each parent it completes). A log
 * that stores hashes by these indexes can answer any root or proof from O(log n) reads.
 */

/** Reads the stored hashes at these indexes, in order. Synchronous: fetch (tiles, rows) first, then read. */
export type HashReader = (indexes: readonly number[]) => readonly Hash[];

/** The index of the hash of the n-th subtree at `level` (the level-0 subtrees are the leaves). */
export const storedHashIndex = (level: number, n: number): number => {
  let m = n;
  for (let l = level; l > 0; l--) m = 2 * m + 1;
  let i = 0;
  for (; m > 0; m = shiftRight(m, 1)) i += m;
  return i + level;
};

/** The inverse of storedHashIndex. */
export const splitStoredHashIndex = (index: number): { level: number; n: number } => {
  let n = shiftRight(index, 1);
  let indexN = storedHashIndex(0, n);
  for (;;) {
    const x = indexN + 1 + trailingZeros(n + 1);
    if (x > index) break;
    n++;
    indexN = x;
  }
  const level = index - indexN;
  return { level, n: shiftRight(n, level) };
};

/** How many hashes a tree of n leaves stores. */
export const storedHashCount = (n: number): number => {
  if (n === 0) return 0;
  let count = storedHashIndex(0, n - 1) + 1;
  for (let i = n - 1; i % 2 === 1; i = shiftRight(i, 1)) count++;
  return count;
};

/** The indexes whose hashes are the compact range of the tree of n leaves (the perfect subtrees, left to right). */
export const treeHashIndexes = (n: number): number[] => subtreeIndexes(0, n, []);

/** The hashes that appending leaf `n` (with hash `leaf`) stores, from storedHashIndex(0, n) on; reads O(log n). */
export const storedHashesForLeaf = (n: number, leaf: Hash, read: HashReader): Hash[] => {
  assertCount('a leaf index', n);
  const m = trailingZeros(n + 1);
  const indexes = Array.from({ length: m }, (_, i) => storedHashIndex(m - 1 - i, shiftRight(n, m - 1 - i) - 1));
  const old = readAll(read, indexes);
  const hashes = [leaf];
  let h = leaf;
  for (let i = 0; i < m; i++) {
    h = nodeHash(old[m - 1 - i], h);
    hashes.push(h);
  }
  return hashes;
};

/** The compact range of the tree of n leaves from its stored hashes: how a sequencer resumes after a restart. */
export const compactRangeOf = (n: number, read: HashReader): CompactRange => {
  assertCount('a tree size', n);
  return { size: n, hashes: n === 0 ? [] : readAll(read, treeHashIndexes(n)) };
};

/** The root of the tree of n leaves. */
export const treeHash = (n: number, read: HashReader): Hash => {
  assertCount('a tree size', n);
  if (n === 0) return emptyRoot();
  const [h] = subtreeHash(0, n, readAll(read, treeHashIndexes(n)));
  return h;
};

/** The stored hashes an inclusion proof of leaf `index` in the tree of `size` needs. */
export const inclusionProofIndexes = (size: number, index: number): number[] => {
  assertCount('a tree size', size);
  if (!Number.isSafeInteger(index) || index < 0 || index >= size) throw new LedgerError('INVALID_INPUT', `leaf ${index} is not in a tree of ${size}`);
  return leafProofIndexes(0, size, index, []);
};

/** The inclusion proof (RFC 9162 §2.1.3) of leaf `index` in the tree of `size`, from stored hashes. */
export const proveInclusion = (size: number, index: number, read: HashReader): Hash[] => {
  const indexes = inclusionProofIndexes(size, index);
  if (indexes.length === 0) return [];
  const [proof] = leafProof(0, size, index, readAll(read, indexes));
  return proof;
};

/** The stored hashes a consistency proof from the tree of `oldSize` to the tree of `size` needs. */
export const consistencyProofIndexes = (size: number, oldSize: number): number[] => {
  assertCount('a tree size', size);
  if (!Number.isSafeInteger(oldSize) || oldSize < 0 || oldSize > size) throw new LedgerError('INVALID_INPUT', `size ${oldSize} is not within a tree of ${size}`);
  if (oldSize === 0 || oldSize === size) return [];
  return treeProofIndexes(0, size, oldSize, []);
};

/** The consistency proof (RFC 9162 §2.1.4) from the tree of `oldSize` to the tree of `size`, from stored hashes. */
export const proveConsistency = (size: number, oldSize: number, read: HashReader): Hash[] => {
  const indexes = consistencyProofIndexes(size, oldSize);
  if (indexes.length === 0) return [];
  const [proof] = treeProof(0, size, oldSize, readAll(read, indexes));
  return proof;
};

const readAll = (read: HashReader, indexes: readonly number[]): Hash[] => {
  const hashes = read(indexes);
  if (hashes.length !== indexes.length || hashes.some((h) => h.length !== HASH_SIZE))
    throw new LedgerError('INVALID_INPUT', `the hash reader returned ${hashes.length} hashes for ${indexes.length} indexes, or one not of ${HASH_SIZE} bytes`);
  return [...hashes];
};

/** The largest power of two k with lo + k <= hi, and its exponent. */
const maxPow2 = (n: number): { k: number; level: number } => {
  let level = 0;
  while (2 ** (level + 1) < n) level++;
  return { k: 2 ** level, level };
};

const subtreeIndexes = (lo: number, hi: number, need: number[]): number[] => {
  for (let at = lo; at < hi;) {
    const { k, level } = maxPow2(hi - at + 1);
    need.push(storedHashIndex(level, shiftRight(at, level)));
    at += k;
  }
  return need;
};

const subtreeHash = (lo: number, hi: number, hashes: Hash[]): [Hash, Hash[]] => {
  let count = 0;
  for (let at = lo; at < hi; count++) at += maxPow2(hi - at + 1).k;
  let h = hashes[count - 1];
  for (let i = count - 2; i >= 0; i--) h = nodeHash(hashes[i], h);
  return [h, hashes.slice(count)];
};

const leafProofIndexes = (lo: number, hi: number, n: number, need: number[]): number[] => {
  if (lo + 1 === hi) return need;
  const k = splitPoint(hi - lo);
  if (n < lo + k) return subtreeIndexes(lo + k, hi, leafProofIndexes(lo, lo + k, n, need));
  return leafProofIndexes(lo + k, hi, n, subtreeIndexes(lo, lo + k, need));
};

const leafProof = (lo: number, hi: number, n: number, hashes: Hash[]): [Hash[], Hash[]] => {
  if (lo + 1 === hi) return [[], hashes];
  const k = splitPoint(hi - lo);
  if (n < lo + k) {
    const [p, rest] = leafProof(lo, lo + k, n, hashes);
    const [th, rest2] = subtreeHash(lo + k, hi, rest);
    return [[...p, th], rest2];
  }
  const [th, rest] = subtreeHash(lo, lo + k, hashes);
  const [p, rest2] = leafProof(lo + k, hi, n, rest);
  return [[...p, th], rest2];
};

const treeProofIndexes = (lo: number, hi: number, n: number, need: number[]): number[] => {
  if (n === hi) return lo === 0 ? need : subtreeIndexes(lo, hi, need);
  const k = splitPoint(hi - lo);
  if (n <= lo + k) return subtreeIndexes(lo + k, hi, treeProofIndexes(lo, lo + k, n, need));
  return treeProofIndexes(lo + k, hi, n, subtreeIndexes(lo, lo + k, need));
};

const treeProof = (lo: number, hi: number, n: number, hashes: Hash[]): [Hash[], Hash[]] => {
  if (n === hi) {
    if (lo === 0) return [[], hashes];
    const [th, rest] = subtreeHash(lo, hi, hashes);
    return [[th], rest];
  }
  const k = splitPoint(hi - lo);
  if (n <= lo + k) {
    const [p, rest] = treeProof(lo, lo + k, n, hashes);
    const [th, rest2] = subtreeHash(lo + k, hi, rest);
    return [[...p, th], rest2];
  }
  const [th, rest] = subtreeHash(lo, lo + k, hashes);
  const [p, rest2] = treeProof(lo + k, hi, n, rest);
  return [[...p, th], rest2];
};

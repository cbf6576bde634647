import { Hash, HASH_SIZE, emptyRoot, hashEquals, nodeHash } from './hash';
import { isOdd, shiftRight } from './integers';
import { LedgerError } from './ledger-error';

/**
 * RFC 9162 §2.1 over a list of leaf hashes held in memory: the tree hash, inclusion and consistency proofs (as the
 * RFC defines them), and their verification. Servers with a stored tree use stored-hashes.ts, which gives the same
 * proofs from O(log n) reads.
 */

/** The largest power of two smaller than n (n > 1). */
export const splitPoint = (n: number): number => {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
};

/** MTH(D[n]): the root of the tree whose leaves have these hashes. */
export const rootOf = (leaves: readonly Hash[]): Hash => {
  if (leaves.length === 0) return emptyRoot();
  if (leaves.length === 1) return leaves[0];
  const k = splitPoint(leaves.length);
  return nodeHash(rootOf(leaves.slice(0, k)), rootOf(leaves.slice(k)));
};

/** PATH(m, D[n]): the inclusion proof of leaf `index`, from the leaf's sibling up to the root's child. */
export const inclusionProof = (index: number, leaves: readonly Hash[]): Hash[] => {
  if (!Number.isSafeInteger(index) || index < 0 || index >= leaves.length) throw new LedgerError('INVALID_INPUT', `leaf ${index} is not in a tree of ${leaves.length}`);
  if (leaves.length === 1) return [];
  const k = splitPoint(leaves.length);
  return index < k ? [...inclusionProof(index, leaves.slice(0, k)), rootOf(leaves.slice(k))] : [...inclusionProof(index - k, leaves.slice(k)), rootOf(leaves.slice(0, k))];
};

/** PROOF(m, D[n]): the consistency proof from the tree of the first `oldSize` leaves to the whole tree. */
export const consistencyProof = (oldSize: number, leaves: readonly Hash[]): Hash[] => {
  if (!Number.isSafeInteger(oldSize) || oldSize < 0 || oldSize > leaves.length) throw new LedgerError('INVALID_INPUT', `size ${oldSize} is not within a tree of ${leaves.length}`);
  if (oldSize === 0 || oldSize === leaves.length) return [];
  return subproof(oldSize, leaves, true);
};

const subproof = (m: number, leaves: readonly Hash[], complete: boolean): Hash[] => {
  const n = leaves.length;
  if (m === n) return complete ? [] : [rootOf(leaves)];
  const k = splitPoint(n);
  return m <= k ? [...subproof(m, leaves.slice(0, k), complete), rootOf(leaves.slice(k))] : [...subproof(m - k, leaves.slice(k), false), rootOf(leaves.slice(0, k))];
};

const allHashes = (hashes: readonly Uint8Array[]): boolean => hashes.every((h) => h.length === HASH_SIZE);

/** RFC 9162 §2.1.3.2: does `proof` put the leaf with hash `leaf` at `index` in the tree of `size` with this root? */
export const verifyInclusion = (index: number, size: number, leaf: Hash, proof: readonly Hash[], root: Hash): boolean => {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) return false;
  if (leaf.length !== HASH_SIZE || !allHashes(proof)) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (isOdd(fn) || fn === sn) {
      r = nodeHash(p, r);
      while (!isOdd(fn) && fn !== 0) [fn, sn] = [shiftRight(fn, 1), shiftRight(sn, 1)];
    } else {
      r = nodeHash(r, p);
    }
    [fn, sn] = [shiftRight(fn, 1), shiftRight(sn, 1)];
  }
  return sn === 0 && hashEquals(r, root);
};

/**
 * RFC 9162 §2.1.4.2: does `proof` show that the tree of `size2` with `root2` extends the tree of `size1` with `root1`?
 * A proof from the empty tree means nothing, so size1 = 0 is refused (as transparency-dev/merkle does): a caller that
 * accepts any tree after none (a witness at old size 0) decides that itself.
 */
export const verifyConsistency = (size1: number, size2: number, root1: Hash, root2: Hash, proof: readonly Hash[]): boolean => {
  if (!Number.isSafeInteger(size1) || !Number.isSafeInteger(size2) || size1 < 1 || size2 < size1) return false;
  if (size1 === size2) return proof.length === 0 && hashEquals(root1, root2);
  if (proof.length === 0 || !allHashes(proof)) return false;
  const path = isPowerOfTwo(size1) ? [root1, ...proof] : [...proof];
  let fn = size1 - 1;
  let sn = size2 - 1;
  while (isOdd(fn)) [fn, sn] = [shiftRight(fn, 1), shiftRight(sn, 1)];
  let fr = path[0];
  let sr = path[0];
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (isOdd(fn) || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      while (!isOdd(fn) && fn !== 0) [fn, sn] = [shiftRight(fn, 1), shiftRight(sn, 1)];
    } else {
      sr = nodeHash(sr, c);
    }
    [fn, sn] = [shiftRight(fn, 1), shiftRight(sn, 1)];
  }
  return sn === 0 && hashEquals(fr, root1) && hashEquals(sr, root2);
};

const isPowerOfTwo = (n: number): boolean => {
  let k = 1;
  while (k < n) k *= 2;
  return k === n;
};

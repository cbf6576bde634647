import { Hash, emptyRoot, nodeHash } from './hash';
import { assertCount, isOdd, shiftRight } from './integers';

/**
 * The compact range of a tree of `size` leaves: the roots of its perfect subtrees, left to right (one per set bit of
 * `size`, largest first). It is all a sequencer keeps in memory: appending a leaf costs O(log n) hashes, and the root
 * folds from it.
 */
export interface CompactRange {
  readonly size: number;
  readonly hashes: readonly Hash[];
}

export const EMPTY_RANGE: CompactRange = { size: 0, hashes: [] };

/**
 * The range with one more leaf, and the hashes the append makes, in the stored-hash order of tlog-tiles (the leaf
 * hash first, then each new parent up the tree): what storedHashIndex(level, …) numbers from storedHashIndex(0, size).
 */
export const appendLeaf = (range: CompactRange, leaf: Hash): { range: CompactRange; stored: Hash[] } => {
  assertCount('a tree size', range.size + 1);
  const hashes = [...range.hashes, leaf];
  const stored = [leaf];
  for (let n = range.size; isOdd(n); n = shiftRight(n, 1)) {
    const right = hashes.pop() as Hash;
    const left = hashes.pop() as Hash;
    const parent = nodeHash(left, right);
    hashes.push(parent);
    stored.push(parent);
  }
  return { range: { size: range.size + 1, hashes }, stored };
};

/** The tree's root: the subtree roots folded right to left. */
export const rangeRoot = (range: CompactRange): Hash => {
  if (range.hashes.length === 0) return emptyRoot();
  let root = range.hashes[range.hashes.length - 1];
  for (let i = range.hashes.length - 2; i >= 0; i--) root = nodeHash(range.hashes[i], root);
  return root;
};

import {
  EMPTY_RANGE,
  Hash,
  HashReader,
  appendLeaf,
  compactRangeOf,
  consistencyProof,
  inclusionProof,
  proveConsistency,
  proveInclusion,
  rangeRoot,
  rootOf,
  splitStoredHashIndex,
  storedHashCount,
  storedHashIndex,
  storedHashesForLeaf,
  treeHash,
} from '@matchlog/ledger';
import { leavesOf } from './fixtures';

/** The hashes an append-only log stores, appended as a sequencer does: both ways (from a reader, from a compact range) must agree. */
const storeAll = (leaves: readonly Hash[]) => {
  const stored: Hash[] = [];
  const read: HashReader = (indexes) => indexes.map((i) => stored[i]);
  let range = EMPTY_RANGE;
  leaves.forEach((leaf, n) => {
    const fromReader = storedHashesForLeaf(n, leaf, read);
    const appended = appendLeaf(range, leaf);
    expect(appended.stored.map((h) => Buffer.from(h).toString('hex'))).toEqual(fromReader.map((h) => Buffer.from(h).toString('hex')));
    expect(stored.length).toBe(storedHashIndex(0, n));
    stored.push(...fromReader);
    range = appended.range;
  });
  return { stored, read, range };
};
const hex = (hashes: readonly Hash[]) => hashes.map((h) => Buffer.from(h).toString('hex'));

describe('the stored-hash numbering of sumdb/tlog', () => {
  it('splits every index back into its level and number (TestSplitStoredHashIndex)', () => {
    for (let level = 0; level < 10; level++) for (let n = 0; n < 100; n++) expect(splitStoredHashIndex(storedHashIndex(level, n))).toEqual({ level, n });
  });

  it('numbers the first hashes as a log writes them: leaf 0, leaf 1, their parent, leaf 2, …', () => {
    expect([
      storedHashIndex(0, 0),
      storedHashIndex(0, 1),
      storedHashIndex(1, 0),
      storedHashIndex(0, 2),
      storedHashIndex(0, 3),
      storedHashIndex(1, 1),
      storedHashIndex(2, 0),
    ]).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('works past 32 bits', () => {
    const n = 2 ** 40 + 12345;
    expect(splitStoredHashIndex(storedHashIndex(3, n))).toEqual({ level: 3, n });
  });

  it('counts the stored hashes of a tree', () => {
    const { stored } = storeAll(leavesOf(77));
    expect(storedHashCount(77)).toBe(stored.length);
    expect([storedHashCount(0), storedHashCount(1), storedHashCount(2), storedHashCount(3), storedHashCount(4)]).toEqual([0, 1, 3, 4, 7]);
  });
});

describe('roots and proofs from stored hashes', () => {
  const leaves = leavesOf(300);
  const { read, range } = storeAll(leaves);

  it('gives the root of every size, and the compact range a sequencer resumes from', () => {
    for (let n = 0; n <= 300; n += 13) expect(hex([treeHash(n, read)])).toEqual(hex([rootOf(leaves.slice(0, n))]));
    expect(hex(compactRangeOf(300, read).hashes)).toEqual(hex(range.hashes));
    expect(hex([rangeRoot(compactRangeOf(300, read))])).toEqual(hex([rootOf(leaves)]));
  });

  it('gives the same inclusion proofs as the RFC definition', () => {
    for (const size of [1, 2, 7, 64, 65, 255, 256, 257, 300])
      for (let i = 0; i < size; i += Math.max(1, Math.floor(size / 17))) expect(hex(proveInclusion(size, i, read))).toEqual(hex(inclusionProof(i, leaves.slice(0, size))));
  });

  it('gives the same consistency proofs as the RFC definition', () => {
    for (const size of [1, 2, 7, 64, 65, 255, 256, 257, 300])
      for (let m = 0; m <= size; m += Math.max(1, Math.floor(size / 13))) expect(hex(proveConsistency(size, m, read))).toEqual(hex(consistencyProof(m, leaves.slice(0, size))));
  });

  it('reads O(log n) hashes for a proof', () => {
    const reads: number[] = [];
    const counting: HashReader = (indexes) => (reads.push(indexes.length), read(indexes));
    proveInclusion(300, 123, counting);
    proveConsistency(300, 123, counting);
    expect(Math.max(...reads)).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(300)));
  });

  it('refuses a leaf outside the tree', () => {
    expect(() => proveInclusion(10, 10, read)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    expect(() => proveConsistency(10, 11, read)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
  });
});

import {
  EMPTY_RANGE,
  Hash,
  appendLeaf,
  consistencyProof,
  emptyRoot,
  inclusionProof,
  leafHash,
  nodeHash,
  rangeRoot,
  rootOf,
  verifyConsistency,
  verifyInclusion,
} from '@matchlog/ledger';
import { b64, flipped, hex, leavesOf, seeded, vector } from './fixtures';

interface InclusionProbe {
  file: string;
  leafIdx: number;
  treeSize: number;
  root: string | null;
  leafHash: string | null;
  proof: string[] | null;
  desc: string;
  wantErr: boolean;
}
interface ConsistencyProbe {
  file: string;
  size1: number;
  size2: number;
  root1: string | null;
  root2: string | null;
  proof: string[] | null;
  desc: string;
  wantErr: boolean;
}
const testonly = vector<{ leafInputs: string[]; nodeHashes: string[][]; rootHashes: string[] }>('transparency-dev-merkle/testonly.json');
const inclusionProbes = vector<InclusionProbe[]>('transparency-dev-merkle/inclusion.json');
const consistencyProbes = vector<ConsistencyProbe[]>('transparency-dev-merkle/consistency.json');
const referenceLeaves = testonly.leafInputs.map((input) => leafHash(hex(input)));

describe('RFC 6962 hashing against transparency-dev/merkle testonly vectors', () => {
  it('hashes the empty tree to SHA-256 of nothing', () => expect(emptyRoot().toString()).toBe(hex(testonly.rootHashes[0]).toString()));

  it('hashes each leaf input to the published leaf hash (0x00 prefix)', () => {
    expect(referenceLeaves.map((h) => Buffer.from(h).toString('hex'))).toEqual(testonly.nodeHashes[0]);
  });

  it('hashes each published node from its children (0x01 prefix)', () => {
    for (let level = 1; level < testonly.nodeHashes.length; level++)
      testonly.nodeHashes[level].forEach((h, i) => {
        const [left, right] = [hex(testonly.nodeHashes[level - 1][2 * i]), hex(testonly.nodeHashes[level - 1][2 * i + 1])];
        expect(Buffer.from(nodeHash(left, right)).toString('hex')).toBe(h);
      });
  });

  it.each(testonly.rootHashes.map((root, size) => [size, root]))('gives the published root of the first %i leaves, in memory and as a compact range', (size, root) => {
    const leaves = referenceLeaves.slice(0, size as number);
    expect(Buffer.from(rootOf(leaves)).toString('hex')).toBe(root);
    const range = leaves.reduce((r, leaf) => appendLeaf(r, leaf).range, EMPTY_RANGE);
    expect(Buffer.from(rangeRoot(range)).toString('hex')).toBe(root);
  });
});

describe('verification against transparency-dev/merkle testdata probes', () => {
  it('has the probes', () => expect([inclusionProbes.length, consistencyProbes.length]).toEqual([98, 98]));

  it.each(inclusionProbes.map((p) => [p.file, p]))('inclusion %s', (_, probe) => {
    const p = probe as InclusionProbe;
    expect(verifyInclusion(p.leafIdx, p.treeSize, b64(p.leafHash), (p.proof ?? []).map(b64), b64(p.root))).toBe(!p.wantErr);
  });

  it.each(consistencyProbes.map((p) => [p.file, p]))('consistency %s', (_, probe) => {
    const p = probe as ConsistencyProbe;
    expect(verifyConsistency(p.size1, p.size2, b64(p.root1), b64(p.root2), (p.proof ?? []).map(b64))).toBe(!p.wantErr);
  });

  it('produces the happy-path proofs the probes publish, over the testonly leaves', () => {
    const roots = testonly.rootHashes.map((r) => hex(r).toString('base64'));
    const happyInclusion = inclusionProbes.filter((p) => p.desc === 'happy path' && roots[p.treeSize] === p.root);
    const happyConsistency = consistencyProbes.filter((p) => p.desc === 'happy path' && roots[p.size2] === p.root2);
    expect(happyInclusion.length).toBeGreaterThan(3);
    expect(happyConsistency.length).toBeGreaterThan(3);
    for (const p of happyInclusion) expect(inclusionProof(p.leafIdx, referenceLeaves.slice(0, p.treeSize)).map((h) => Buffer.from(h).toString('base64'))).toEqual(p.proof ?? []);
    for (const p of happyConsistency) expect(consistencyProof(p.size1, referenceLeaves.slice(0, p.size2)).map((h) => Buffer.from(h).toString('base64'))).toEqual(p.proof ?? []);
  });
});

describe('properties over random trees', () => {
  const random = seeded(6962);
  const sizes = [1, 2, 3, 5, 7, 8, 9, 16, 17, 31, 33, 100, ...Array.from({ length: 8 }, () => 1 + Math.floor(random() * 300))];

  it.each(sizes)('every inclusion proof in a tree of %i verifies, and fails with a byte flipped or at another index', (size) => {
    const leaves = leavesOf(size);
    const root = rootOf(leaves);
    leaves.forEach((leaf, i) => {
      const proof = inclusionProof(i, leaves);
      expect(verifyInclusion(i, size, leaf, proof, root)).toBe(true);
      expect(verifyInclusion(i, size, flipped(leaf), proof, root)).toBe(false);
      expect(verifyInclusion(i, size, leaf, proof, flipped(root, i))).toBe(false);
      if (proof.length > 0) {
        const at = Math.floor(random() * proof.length);
        expect(
          verifyInclusion(
            i,
            size,
            leaf,
            proof.map((h, j) => (j === at ? flipped(h, i) : h)),
            root,
          ),
        ).toBe(false);
        expect(verifyInclusion((i + 1) % size, size, leaf, proof, root)).toBe(false);
      }
    });
  });

  it.each(sizes)('every consistency proof up to a tree of %i verifies, and fails with a byte flipped', (size) => {
    const leaves = leavesOf(size);
    const root = rootOf(leaves);
    expect(verifyConsistency(0, size, emptyRoot(), root, [])).toBe(false);
    for (let m = 1; m <= size; m++) {
      const old: Hash = rootOf(leaves.slice(0, m));
      const proof = consistencyProof(m, leaves);
      expect(verifyConsistency(m, size, old, root, proof)).toBe(true);
      if (m < size) {
        expect(verifyConsistency(m, size, flipped(old), root, proof)).toBe(false);
        expect(verifyConsistency(m, size, old, flipped(root), proof)).toBe(false);
        const at = Math.floor(random() * proof.length);
        expect(
          verifyConsistency(
            m,
            size,
            old,
            root,
            proof.map((h, j) => (j === at ? flipped(h, m) : h)),
          ),
        ).toBe(false);
      }
    }
  });

  it('refuses a consistency proof from a tree that was rewritten (a fork)', () => {
    const leaves = leavesOf(40);
    const forked = [...leaves.slice(0, 20), ...leavesOf(20, 'other')];
    expect(verifyConsistency(30, 40, rootOf(leaves.slice(0, 30)), rootOf(forked), consistencyProof(30, forked))).toBe(false);
  });

  it('a compact range appended one leaf at a time keeps the root of every size', () => {
    const leaves = leavesOf(300);
    let range = EMPTY_RANGE;
    leaves.forEach((leaf, i) => {
      range = appendLeaf(range, leaf).range;
      expect(range.hashes.length).toBeLessThanOrEqual(9);
      if (i % 37 === 0 || i === 299) expect(Buffer.from(rangeRoot(range)).equals(Buffer.from(rootOf(leaves.slice(0, i + 1))))).toBe(true);
    });
  });
});

import {
  ENTRIES_LEVEL,
  EMPTY_RANGE,
  Hash,
  HashReader,
  TILE_WIDTH,
  Tile,
  appendLeaf,
  decodeEntryBundle,
  encodeEntryBundle,
  formatTileIndex,
  inclusionProof,
  inclusionProofIndexes,
  consistencyProof,
  consistencyProofIndexes,
  leafHash,
  newTiles,
  parseTilePath,
  proveConsistency,
  proveInclusion,
  rangeRoot,
  readTileData,
  rootOf,
  tileHashReader,
  tilePath,
  tilesToRead,
  treeHash,
} from '@matchlog/ledger';
import { flipped, vector } from './fixtures';

const tlog = vector<{
  tilePaths: { go: string; level: number; n: number; goWidth: number }[];
  badTilePaths: string[];
  newTilesHeight10: number[][];
}>('golang-mod-sumdb/tlog.json');
const c2sp = vector<{ tileSizes: { size: number }; tileIndex: { n: number; path: string } }>('c2sp/examples.json');

describe('tile paths (C2SP tlog-tiles)', () => {
  it('writes the index in three-digit groups, as the spec example', () => expect(formatTileIndex(c2sp.tileIndex.n)).toBe(c2sp.tileIndex.path));

  it.each(tlog.tilePaths.map((t) => [t.go, t]))('reads and writes sumdb/tlog path %s with its height dropped', (_, t) => {
    const { go, level, n, goWidth } = t as (typeof tlog.tilePaths)[number];
    const path = go.replace(/^tile\/[0-9]+\//, 'tile/').replace('/data/', '/entries/');
    const width = go.includes('.p/') ? goWidth : TILE_WIDTH;
    expect(parseTilePath(path)).toEqual({ level, n, width });
    expect(tilePath({ level, n, width })).toBe(path);
  });

  it.each([
    ...tlog.badTilePaths.map((p) => p.replace(/^tile\/[0-9]+\//, 'tile/')),
    'tile/0/1',
    'tile/00/000',
    'tile/64/000',
    'tile/0/000.p/256',
    'tile/0/000.p/0',
    'tile/0/000.p/05',
    'tile/0/x000/001',
    'tile/0/001/002',
    'tile/data/000',
    'tiles/0/000',
  ])('refuses %s', (path) => expect(() => parseTilePath(path)).toThrow(expect.objectContaining({ code: 'MALFORMED_TILE_PATH' })));

  it('names the tiles of a tree of 70,000 as the spec does', () => {
    const tiles = newTiles(0, c2sp.tileSizes.size);
    const of = (level: number) => tiles.filter((t) => t.level === level);
    expect(of(0).filter((t) => t.width === 256)).toHaveLength(273);
    expect(of(0).filter((t) => t.width < 256)).toEqual([{ level: 0, n: 273, width: 112 }]);
    expect(of(1)).toEqual([
      { level: 1, n: 0, width: 256 },
      { level: 1, n: 1, width: 17 },
    ]);
    expect(of(2)).toEqual([{ level: 2, n: 0, width: 1 }]);
    expect(newTiles(0, 256).map(tilePath)).toEqual(['tile/0/000', 'tile/1/000.p/1']);
  });

  it('lists only the tiles a growth changes', () => {
    expect(newTiles(256, 256)).toEqual([]);
    expect(newTiles(300, 301).map(tilePath)).toEqual(['tile/0/001.p/45']);
    expect(newTiles(511, 512).map(tilePath)).toEqual(['tile/0/001', 'tile/1/000.p/2']);
  });
});

/** A log of `size` leaves with its stored hashes, and every tile (full and partial) it has served. */
const logOf = (size: number) => {
  const leaves = Array.from({ length: size }, (_, i) => leafHash(Buffer.from(`match ${i}`)));
  const stored: Hash[] = [];
  const read: HashReader = (indexes) => indexes.map((i) => stored[i]);
  let range = EMPTY_RANGE;
  for (const leaf of leaves) {
    const appended = appendLeaf(range, leaf);
    stored.push(...appended.stored);
    range = appended.range;
  }
  const tiles = new Map(newTiles(0, size).map((t) => [tilePath(t), readTileData(t, read)]));
  return { leaves, read, root: rangeRoot(range), tiles };
};

describe('proofs from tiles alone (a TileHashReader)', () => {
  const size = 70000;
  const log = logOf(size);
  const tree = { size, root: log.root };
  const fetched = (tiles: Map<string, Uint8Array>) => (t: Tile) => tiles.get(tilePath(t));

  it('hashes tile data from the stored hashes, and level-1 tiles hash the full level-0 tiles', () => {
    const level0 = log.tiles.get('tile/0/000') as Uint8Array;
    const level1 = log.tiles.get('tile/1/000') as Uint8Array;
    expect(level0).toHaveLength(256 * 32);
    expect(Buffer.from(level1.subarray(0, 32)).equals(Buffer.from(rootOf(log.leaves.slice(0, 256))))).toBe(true);
  });

  it('gives the root and the same proofs as the stored hashes, reading only tiles', () => {
    const reader = tileHashReader(tree, fetched(log.tiles));
    expect(Buffer.from(treeHash(size, reader)).equals(Buffer.from(log.root))).toBe(true);
    for (const index of [0, 1, 255, 256, 65535, 65536, 69999])
      expect(proveInclusion(size, index, reader).map((h) => Buffer.from(h).toString('hex'))).toEqual(
        proveInclusion(size, index, log.read).map((h) => Buffer.from(h).toString('hex')),
      );
    for (const old of [1, 256, 1000, 65536, 69999])
      expect(proveConsistency(size, old, reader).map((h) => Buffer.from(h).toString('hex'))).toEqual(
        proveConsistency(size, old, log.read).map((h) => Buffer.from(h).toString('hex')),
      );
  });

  it('needs only a few tiles for one proof, and says which to fetch', () => {
    const needed = tilesToRead(tree, inclusionProofIndexes(size, 1234));
    expect(needed.length).toBeLessThanOrEqual(6);
    const only = new Map(needed.map((t) => [tilePath(t), log.tiles.get(tilePath(t)) as Uint8Array]));
    expect(proveInclusion(size, 1234, tileHashReader(tree, fetched(only))).length).toBe(inclusionProof(1234, log.leaves).length);
    expect(() => tilesToRead(tree, consistencyProofIndexes(size, 4321))).not.toThrow();
  });

  it('refuses a tampered tile at any level, including a full middle tile between a leaf tile and the top', () => {
    for (const path of ['tile/0/004', 'tile/1/000', 'tile/2/000.p/1', 'tile/0/273.p/112']) {
      const tampered = new Map(log.tiles);
      tampered.set(path, flipped(log.tiles.get(path) as Uint8Array, 40));
      const index = path.startsWith('tile/0/273') ? 69990 : 1100;
      expect(() => proveInclusion(size, index, tileHashReader(tree, fetched(tampered)))).toThrow(expect.objectContaining({ code: 'INCONSISTENT_TILE' }));
    }
  });

  it('refuses tiles against a root of another tree (a split view), and a missing or short tile', () => {
    const other = logOf(300);
    expect(() => treeHash(300, tileHashReader({ size: 300, root: log.root }, fetched(other.tiles)))).toThrow(expect.objectContaining({ code: 'INCONSISTENT_TILE' }));
    expect(() =>
      treeHash(
        size,
        tileHashReader(tree, () => undefined),
      ),
    ).toThrow(expect.objectContaining({ code: 'MALFORMED_TILE' }));
    expect(() =>
      treeHash(
        size,
        tileHashReader(tree, () => new Uint8Array(32)),
      ),
    ).toThrow(expect.objectContaining({ code: 'MALFORMED_TILE' }));
  });

  it('a small tree: every inclusion and consistency proof from tiles equals the RFC one', () => {
    const small = logOf(600);
    const reader = tileHashReader({ size: 600, root: small.root }, fetched(small.tiles));
    for (let i = 0; i < 600; i += 7)
      expect(proveInclusion(600, i, reader).map((h) => Buffer.from(h).toString('hex'))).toEqual(inclusionProof(i, small.leaves).map((h) => Buffer.from(h).toString('hex')));
    for (let m = 1; m < 600; m += 11)
      expect(proveConsistency(600, m, reader).map((h) => Buffer.from(h).toString('hex'))).toEqual(consistencyProof(m, small.leaves).map((h) => Buffer.from(h).toString('hex')));
  });
});

describe('entry bundles', () => {
  it('encodes entries with big-endian uint16 lengths', () => {
    const bundle = encodeEntryBundle([Buffer.from('ab'), Buffer.alloc(0), Buffer.alloc(300, 7)]);
    expect(bundle.subarray(0, 4).toString('hex')).toBe('00026162');
    expect(bundle.subarray(4, 8).toString('hex')).toBe('0000012c');
    expect(decodeEntryBundle(bundle, 3).map((e) => e.length)).toEqual([2, 0, 300]);
  });

  it('refuses a truncated bundle, a wrong count, and an entry over 65535 bytes', () => {
    const bundle = encodeEntryBundle([Buffer.from('abc'), Buffer.from('de')]);
    expect(() => decodeEntryBundle(bundle.subarray(0, bundle.length - 1))).toThrow(expect.objectContaining({ code: 'MALFORMED_ENTRY_BUNDLE' }));
    expect(() => decodeEntryBundle(bundle.subarray(0, 6))).toThrow(expect.objectContaining({ code: 'MALFORMED_ENTRY_BUNDLE' }));
    expect(() => decodeEntryBundle(bundle, 3)).toThrow(expect.objectContaining({ code: 'MALFORMED_ENTRY_BUNDLE' }));
    expect(() => encodeEntryBundle([Buffer.alloc(65536)])).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
  });

  it('is named like its level-0 tile', () => expect(tilePath({ level: ENTRIES_LEVEL, n: 1234067, width: 5 })).toBe('tile/entries/x001/x234/067.p/5'));
});

import { Hash, HASH_SIZE, hashEquals, nodeHash } from './hash';
import { shiftRight } from './integers';
import { LedgerError } from './ledger-error';
import { HashReader, storedHashIndex, treeHashIndexes } from './stored-hashes';
import { TILE_HEIGHT, TILE_WIDTH, Tile, hashFromTile, tileForIndex, tileOfTree, tilePath, tileSubtreeHash } from './tile';

/** A tree head a client already trusts (from a verified checkpoint): the tiles it reads are checked against it. */
export interface TreeHead {
  readonly size: number;
  readonly root: Hash;
}

/** The fetched tiles, by tile; undefined for one not fetched. */
export type TileData = (tile: Tile) => Uint8Array | undefined;

interface Plan {
  readonly tiles: Tile[];
  /** how many of `tiles` hold the tree's compact range: they are checked against the root, the rest against a parent */
  readonly rootTiles: number;
  readonly rangeTile: number[];
  readonly indexTile: number[];
}

const parentOf = (tile: Tile, k: number, size: number): Tile => {
  const parent = tileOfTree(tile.level + k, shiftRight(tile.n, k * TILE_HEIGHT), size);
  if (!parent) throw new LedgerError('INVALID_INPUT', `${tilePath(tile)} has no parent in a tree of ${size}`);
  return parent;
};

const plan = (tree: TreeHead, indexes: readonly number[]): Plan => {
  const order = new Map<string, number>();
  const tiles: Tile[] = [];
  const add = (tile: Tile): number => {
    order.set(tilePath(tile), tiles.length);
    tiles.push(tile);
    return tiles.length - 1;
  };
  const rangeTile = treeHashIndexes(tree.size).map((x) => {
    const found = tileForIndex(x).tile;
    const tile = parentOf(found, 0, tree.size);
    return order.get(tilePath(tile)) ?? add(tile);
  });
  const rootTiles = tiles.length;
  const limit = storedHashIndex(0, tree.size);
  const indexTile = indexes.map((x) => {
    if (!Number.isSafeInteger(x) || x < 0 || x >= limit) throw new LedgerError('INVALID_INPUT', `stored hash ${x} is not in the tree of ${tree.size}`);
    const tile = tileForIndex(x).tile;
    let k = 0;
    while (!order.has(tilePath(parentOf(tile, k, tree.size)))) k++;
    for (k--; k >= 0; k--) {
      const below = parentOf(tile, k, tree.size);
      if (below.width !== TILE_WIDTH) throw new LedgerError('INVALID_INPUT', `${tilePath(below)} should be full in a tree of ${tree.size}`);
      add(below);
    }
    return order.get(tilePath(parentOf(tile, 0, tree.size))) as number;
  });
  return { tiles, rootTiles, rangeTile, indexTile };
};

/** The tiles to fetch before reading these stored hashes through tileHashReader: the ones holding them, and their checks. */
export const tilesToRead = (tree: TreeHead, indexes: readonly number[]): Tile[] => plan(tree, indexes).tiles;

/**
 * A hash reader over fetched tiles (sumdb/tlog's TileHashReader): every tile it reads is checked, the ones holding
 * the tree's compact range against the trusted root, every other against its parent tile's hash, before any hash is
 * returned. A tile that does not check throws INCONSISTENT_TILE.
 */
export const tileHashReader =
  (tree: TreeHead, tileData: TileData): HashReader =>
  (indexes) => {
    const { tiles, rootTiles, rangeTile, indexTile } = plan(tree, indexes);
    const data = tiles.map((tile) => {
      const bytes = tileData(tile);
      if (!bytes) throw new LedgerError('MALFORMED_TILE', `${tilePath(tile)} was not fetched`);
      if (bytes.length !== tile.width * HASH_SIZE) throw new LedgerError('MALFORMED_TILE', `${tilePath(tile)} has ${bytes.length} bytes, not ${tile.width * HASH_SIZE}`);
      return bytes;
    });
    const range = treeHashIndexes(tree.size);
    let root = hashFromTile(tiles[rangeTile[range.length - 1]], data[rangeTile[range.length - 1]], range[range.length - 1]);
    for (let i = range.length - 2; i >= 0; i--) root = nodeHash(hashFromTile(tiles[rangeTile[i]], data[rangeTile[i]], range[i]), root);
    if (!hashEquals(root, tree.root)) throw new LedgerError('INCONSISTENT_TILE', `the tiles do not hash to the checkpoint's root at size ${tree.size}`);
    for (let i = rootTiles; i < tiles.length; i++) {
      const tile = tiles[i];
      const parent = parentOf(tile, 1, tree.size);
      const j = tiles.findIndex((t) => t.level === parent.level && t.n === parent.n);
      const expected = hashFromTile(parent, data[j], storedHashIndex(parent.level * TILE_HEIGHT, tile.n));
      if (!hashEquals(expected, tileSubtreeHash(data[i]))) throw new LedgerError('INCONSISTENT_TILE', `${tilePath(tile)} does not hash to its entry in ${tilePath(parent)}`);
    }
    return indexes.map((x, i) => hashFromTile(tiles[indexTile[i]], data[indexTile[i]], x));
  };

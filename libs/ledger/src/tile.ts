import { Hash, HASH_SIZE, nodeHash } from './hash';
import { assertCount, shiftLeft, shiftRight } from './integers';
import { LedgerError } from './ledger-error';
import { HashReader, splitStoredHashIndex, storedHashIndex } from './stored-hashes';

/**
 * C2SP tlog-tiles: a tile is 256 consecutive hashes of one tiling level (8 tree levels), served at
 * `tile/<L>/<N>[.p/<W>]`; the entries of a level-0 tile are served as an entry bundle at `tile/entries/<N>[.p/<W>]`.
 */
export const TILE_HEIGHT = 8;
export const TILE_WIDTH = 256;
/** The level of an entry bundle, as sumdb/tlog numbers its data tiles. */
export const ENTRIES_LEVEL = -1;

/** Tile `n` of tiling `level` (0–63, or ENTRIES_LEVEL), `width` hashes (or entries) wide: 256 when full. */
export interface Tile {
  readonly level: number;
  readonly n: number;
  readonly width: number;
}

/** `x001/x234/067` for 1234067: three-digit groups, all but the last with an `x`. */
export const formatTileIndex = (n: number): string => {
  assertCount('a tile index', n, Number.MAX_SAFE_INTEGER);
  let rest = n;
  let path = String(rest % 1000).padStart(3, '0');
  while (rest >= 1000) {
    rest = Math.floor(rest / 1000);
    path = `x${String(rest % 1000).padStart(3, '0')}/${path}`;
  }
  return path;
};

/** The tile's path under the log's prefix, e.g. `tile/0/x001/234` or `tile/entries/000.p/7`. */
export const tilePath = (tile: Tile): string => {
  if (!Number.isInteger(tile.level) || tile.level < ENTRIES_LEVEL || tile.level > 63 || !Number.isInteger(tile.width) || tile.width < 1 || tile.width > TILE_WIDTH)
    throw new LedgerError('INVALID_INPUT', `no tile has level ${tile.level} and width ${tile.width}`);
  const level = tile.level === ENTRIES_LEVEL ? 'entries' : String(tile.level);
  return `tile/${level}/${formatTileIndex(tile.n)}${tile.width === TILE_WIDTH ? '' : `.p/${tile.width}`}`;
};

/** A tile path back to its tile; only the one canonical spelling of each tile is accepted. */
export const parseTilePath = (path: string): Tile => {
  const bad = () => new LedgerError('MALFORMED_TILE_PATH', `"${path}" is not a tile path (tile/<L>/<N>[.p/<W>] or tile/entries/<N>[.p/<W>])`);
  const parts = path.split('/');
  if (parts.length < 3 || parts[0] !== 'tile') throw bad();
  const level = parts[1] === 'entries' ? ENTRIES_LEVEL : /^(0|[1-9][0-9]?)$/.test(parts[1]) ? Number(parts[1]) : NaN;
  if (Number.isNaN(level) || level > 63) throw bad();
  let groups = parts.slice(2);
  let width = TILE_WIDTH;
  const last = groups.length - 2;
  if (last >= 0 && groups[last].endsWith('.p')) {
    if (!/^[1-9][0-9]{0,2}$/.test(groups[last + 1])) throw bad();
    width = Number(groups[last + 1]);
    if (width >= TILE_WIDTH) throw bad();
    groups = [...groups.slice(0, last), groups[last].slice(0, -2)];
  }
  let n = 0;
  for (const group of groups) {
    if (!/^x?[0-9]{3}$/.test(group)) throw bad();
    n = n * 1000 + Number(group.replace('x', ''));
  }
  if (!Number.isSafeInteger(n)) throw bad();
  const tile = { level, n, width };
  if (tilePath(tile) !== path) throw bad();
  return tile;
};

/** The smallest tile holding stored hash `index`, and the byte range of the hash (or subtree of hashes) in it. */
export const tileForIndex = (index: number): { tile: Tile; start: number; end: number } => {
  const split = splitStoredHashIndex(index);
  const level = Math.floor(split.level / TILE_HEIGHT);
  const within = split.level - level * TILE_HEIGHT;
  const n = shiftRight(shiftLeft(split.n, within), TILE_HEIGHT);
  const offset = split.n - shiftRight(shiftLeft(n, TILE_HEIGHT), within);
  const width = shiftLeft(offset + 1, within);
  return { tile: { level, n, width }, start: shiftLeft(offset, within) * HASH_SIZE, end: shiftLeft(offset + 1, within) * HASH_SIZE };
};

/** The Merkle hash of a power-of-two run of a tile's hashes. */
export const tileSubtreeHash = (data: Uint8Array): Hash => {
  if (data.length === HASH_SIZE) return data;
  const half = data.length / 2;
  return nodeHash(tileSubtreeHash(data.subarray(0, half)), tileSubtreeHash(data.subarray(half)));
};

/** Stored hash `index`, read (or hashed up) from the tile's data. */
export const hashFromTile = (tile: Tile, data: Uint8Array, index: number): Hash => {
  if (tile.level < 0 || tile.level > 63 || tile.width < 1 || tile.width > TILE_WIDTH) throw new LedgerError('MALFORMED_TILE', `${tilePath(tile)} is not a hash tile`);
  if (data.length < tile.width * HASH_SIZE) throw new LedgerError('MALFORMED_TILE', `${tilePath(tile)} has ${data.length} bytes, not ${tile.width * HASH_SIZE}`);
  const found = tileForIndex(index);
  if (found.tile.level !== tile.level || found.tile.n !== tile.n || tile.width < found.tile.width)
    throw new LedgerError('INVALID_INPUT', `stored hash ${index} is in ${tilePath(found.tile)}, not ${tilePath(tile)}`);
  return tileSubtreeHash(data.subarray(found.start, found.end));
};

/** The tiles (full and partial) that growing the tree from `oldSize` to `newSize` leaves creates or changes. */
export const newTiles = (oldSize: number, newSize: number): Tile[] => {
  assertCount('a tree size', newSize);
  if (!Number.isSafeInteger(oldSize) || oldSize < 0 || oldSize > newSize) throw new LedgerError('INVALID_INPUT', `size ${oldSize} is not within ${newSize}`);
  const tiles: Tile[] = [];
  for (let level = 0; shiftRight(newSize, TILE_HEIGHT * level) > 0; level++) {
    const oldN = shiftRight(oldSize, TILE_HEIGHT * level);
    const newN = shiftRight(newSize, TILE_HEIGHT * level);
    if (oldN === newN) continue;
    for (let n = shiftRight(oldN, TILE_HEIGHT); n < shiftRight(newN, TILE_HEIGHT); n++) tiles.push({ level, n, width: TILE_WIDTH });
    const n = shiftRight(newN, TILE_HEIGHT);
    const width = newN - shiftLeft(n, TILE_HEIGHT);
    if (width > 0) tiles.push({ level, n, width });
  }
  return tiles;
};

/** A hash tile's bytes (its hashes concatenated) from the stored hashes. */
export const readTileData = (tile: Tile, read: HashReader): Uint8Array => {
  const start = shiftLeft(tile.n, TILE_HEIGHT);
  const indexes = Array.from({ length: tile.width }, (_, i) => storedHashIndex(tile.level * TILE_HEIGHT, start + i));
  const hashes = read(indexes);
  if (hashes.length !== indexes.length) throw new LedgerError('INVALID_INPUT', `the hash reader returned ${hashes.length} hashes for ${indexes.length} indexes`);
  return Buffer.concat(hashes);
};

/** Tile `n` of tiling `level` as it stands in the tree of `size` leaves (how wide it is there), or undefined if still empty. */
export const tileOfTree = (level: number, n: number, size: number): Tile | undefined => {
  const hashesAtLevel = shiftRight(size, level * TILE_HEIGHT);
  const start = shiftLeft(n, TILE_HEIGHT);
  if (start >= hashesAtLevel) return undefined;
  return { level, n, width: Math.min(TILE_WIDTH, hashesAtLevel - start) };
};

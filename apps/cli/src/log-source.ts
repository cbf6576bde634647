import {
  ENTRIES_LEVEL,
  Hash,
  TILE_WIDTH,
  Tile,
  TreeHead,
  consistencyProofIndexes,
  decodeEntryBundle,
  hashEquals,
  leafHash,
  proveConsistency,
  storedHashIndex,
  tileHashReader,
  tileOfTree,
  tilePath,
  tilesToRead,
  verifyConsistency,
} from '@matchlog/ledger';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A log's mirror: a directory in the tlog-tiles layout, or the URL of a log that serves it (http://host/log/). */
export interface LogSource {
  readonly name: string;
  /** the file at that path under the log's root; undefined if it is not there */
  read(path: string): Promise<Uint8Array | undefined>;
}

export class LogUnreachable extends Error {}

export const logSourceOf = (where: string): LogSource => {
  if (/^https?:\/\//.test(where)) {
    const base = where.endsWith('/') ? where : `${where}/`;
    return {
      name: base,
      read: async (path) => {
        let response: Response;
        try {
          response = await fetch(new URL(path, base));
        } catch (error) {
          throw new LogUnreachable(`${base}${path} could not be fetched: ${(error as Error).message}`);
        }
        if (response.status === 404) return undefined;
        if (!response.ok) throw new LogUnreachable(`${base}${path} answered ${response.status}`);
        return new Uint8Array(await response.arrayBuffer());
      },
    };
  }
  return { name: where, read: async (path) => (existsSync(join(where, path)) ? readFileSync(join(where, path)) : undefined) };
};

export const readCheckpointOf = async (source: LogSource): Promise<string> => {
  const bytes = await source.read('checkpoint');
  if (!bytes) throw new LogUnreachable(`${source.name} has no checkpoint`);
  return Buffer.from(bytes).toString('utf8');
};

/** The tiles these stored hashes need in the tree, fetched, as tileHashReader reads them (each checked against the root). */
const readerFor = async (source: LogSource, tree: TreeHead, indexes: readonly number[]) => {
  const fetched = new Map<string, Uint8Array>();
  for (const tile of tilesToRead(tree, indexes)) {
    const path = tilePath(tile);
    const data = await source.read(path);
    if (data) fetched.set(path, data);
  }
  return tileHashReader(tree, (tile: Tile) => fetched.get(tilePath(tile)));
};

/** Whether the tree `to` extends the tree `from`, from the log's tiles alone (which the new root checks). */
export const provesGrowth = async (source: LogSource, from: TreeHead, to: TreeHead): Promise<boolean> => {
  if (from.size === 0) return true;
  if (from.size === to.size) return hashEquals(from.root, to.root);
  if (from.size > to.size) return false;
  const read = await readerFor(source, to, consistencyProofIndexes(to.size, from.size));
  return verifyConsistency(from.size, to.size, from.root, to.root, proveConsistency(to.size, from.size, read));
};

/** The entries [from, tree.size) from the entry bundles, each checked against its leaf hash in the tree. */
export const readEntries = async (source: LogSource, tree: TreeHead, from: number): Promise<Buffer[]> => {
  const entries: Buffer[] = [];
  for (let n = Math.floor(from / TILE_WIDTH); n * TILE_WIDTH < tree.size; n++) {
    const tile = tileOfTree(0, n, tree.size)!;
    const bundle = await source.read(tilePath({ ...tile, level: ENTRIES_LEVEL }));
    if (!bundle) throw new LogUnreachable(`${source.name} has no ${tilePath({ ...tile, level: ENTRIES_LEVEL })}`);
    const decoded = decodeEntryBundle(bundle, tile.width);
    entries.push(...decoded.slice(Math.max(0, from - n * TILE_WIDTH)));
  }
  const indexes = entries.map((_, i) => storedHashIndex(0, from + i));
  if (indexes.length === 0) return entries;
  const leaves: readonly Hash[] = (await readerFor(source, tree, indexes))(indexes);
  entries.forEach((entry, i) => {
    if (!hashEquals(leafHash(entry), leaves[i])) throw new Error(`entry ${from + i} of ${source.name} does not hash to its leaf in the tree: the entry bundle was altered`);
  });
  return entries;
};

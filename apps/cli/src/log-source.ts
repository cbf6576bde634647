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
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** A log's mirror: a directory in the tlog-tiles layout, or the URL of a log that serves it (http://host/log/). */
export interface LogSource {
  readonly name: string;
  /** the file at that path under the log's root; undefined if it is not there */
  read(path: string): Promise<Uint8Array | undefined>;
}

export class LogUnreachable extends Error {}

/** How long a log's answer may take before the read gives up (a slow or stalled server). */
export const LOG_READ_TIMEOUT_MS = 30_000;

/** The most a file of the log can hold: a hash tile 256 hashes, an entry bundle 256 entries of at most 65,535 bytes; a checkpoint is a short note. */
export const maxBytesOf = (path: string): number => (path.startsWith('tile/entries/') ? TILE_WIDTH * (2 + 0xffff) : path.startsWith('tile/') ? TILE_WIDTH * 32 : 1024 * 1024);

/** The body, refused once it is over `max` bytes (never read into memory past that). */
const bodyOf = async (response: Response, max: number, what: string): Promise<Uint8Array> => {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = response.body?.getReader();
  for (;;) {
    const chunk = reader ? await reader.read() : { done: true as const, value: undefined };
    if (chunk.done) break;
    length += chunk.value.length;
    if (length > max) {
      await reader!.cancel().catch(() => undefined);
      throw new LogUnreachable(`${what} is over ${max} bytes, more than such a file holds: this is not a tlog-tiles log`);
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks);
};

export const logSourceOf = (where: string, { timeoutMs = LOG_READ_TIMEOUT_MS }: { timeoutMs?: number } = {}): LogSource => {
  if (/^https?:\/\//.test(where)) {
    const base = where.endsWith('/') ? where : `${where}/`;
    return {
      name: base,
      read: async (path) => {
        const signal = AbortSignal.timeout(timeoutMs);
        const failed = (error: unknown) =>
          new LogUnreachable(`${base}${path} could not be fetched: ${signal.aborted ? `no answer within ${timeoutMs / 1000} s` : (error as Error).message}`);
        let response: Response;
        try {
          response = await fetch(new URL(path, base), { signal });
        } catch (error) {
          throw failed(error);
        }
        if (response.status === 404) return undefined;
        if (!response.ok) throw new LogUnreachable(`${base}${path} answered ${response.status}`);
        try {
          return await bodyOf(response, maxBytesOf(path), `${base}${path}`);
        } catch (error) {
          throw error instanceof LogUnreachable ? error : failed(error);
        }
      },
    };
  }
  return {
    name: where,
    read: async (path) => {
      const file = join(where, path);
      if (!existsSync(file)) return undefined;
      if (statSync(file).size > maxBytesOf(path)) throw new LogUnreachable(`${file} is over ${maxBytesOf(path)} bytes, more than such a file holds: this is not a tlog-tiles log`);
      return readFileSync(file);
    },
  };
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

/**
 * The entries [from, tree.size) from the entry bundles, each checked against its leaf hash in the tree, a bundle at
 * a time: a checkpoint that claims more entries than the log holds stops at the first bundle that does not check.
 */
export const readEntries = async (source: LogSource, tree: TreeHead, from: number): Promise<Buffer[]> => {
  const entries: Buffer[] = [];
  for (let n = Math.floor(from / TILE_WIDTH); n * TILE_WIDTH < tree.size; n++) {
    const tile = tileOfTree(0, n, tree.size)!;
    const bundle = await source.read(tilePath({ ...tile, level: ENTRIES_LEVEL }));
    if (!bundle) throw new LogUnreachable(`${source.name} has no ${tilePath({ ...tile, level: ENTRIES_LEVEL })}`);
    const first = Math.max(from, n * TILE_WIDTH);
    const decoded = decodeEntryBundle(bundle, tile.width).slice(first - n * TILE_WIDTH);
    const indexes = decoded.map((_, i) => storedHashIndex(0, first + i));
    const leaves: readonly Hash[] = (await readerFor(source, tree, indexes))(indexes);
    decoded.forEach((entry, i) => {
      if (!hashEquals(leafHash(entry), leaves[i])) throw new Error(`entry ${first + i} of ${source.name} does not hash to its leaf in the tree: the entry bundle was altered`);
    });
    entries.push(...decoded);
  }
  return entries;
};

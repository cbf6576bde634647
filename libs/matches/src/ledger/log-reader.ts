import { KeyObject } from 'node:crypto';
import {
  ENTRIES_LEVEL,
  Hash,
  SIGNATURE_TYPE_ED25519,
  Tile,
  decodeHash,
  encodeEntryBundle,
  formatVerifierKey,
  formatTlogProof,
  parseCheckpoint,
  parseNote,
  parseTilePath,
  proveConsistency,
  proveInclusion,
  rawPublicKey,
  readTileData,
  tileOfTree,
  TILE_WIDTH,
} from '@matchlog/ledger';
import { CatalogDb } from '@matchlog/catalog';
import { LogSizeOutOfRange, LogTileNotFound } from '../errors';
import { LOG_STATE, LogDb } from './log-tables';

/** A tile's bytes, and whether it is full (then it never changes). */
export interface TileRead {
  readonly data: Buffer;
  readonly full: boolean;
}

/** The server's log as tlog-tiles serves it: the latest checkpoint, tiles, the verifier key, proofs. Anonymous and public: an entry holds nothing hidden. */
export class LogReader {
  private readonly db: LogDb;

  constructor(
    catalog: CatalogDb,
    private readonly signingKey: KeyObject,
    readonly origin: string,
  ) {
    this.db = catalog as unknown as LogDb;
  }

  /** The log's verifier key (C2SP signed-note vkey), one line. */
  get verifierKey(): string {
    return formatVerifierKey(this.origin, SIGNATURE_TYPE_ED25519, rawPublicKey(this.signingKey));
  }

  /** The latest signed checkpoint, or undefined before the sequencer signed one. */
  async checkpoint(): Promise<string | undefined> {
    const row = await this.db.selectFrom('log_state').select('checkpoint').where('name', '=', LOG_STATE).executeTakeFirst();
    return row?.checkpoint ?? undefined;
  }

  /** The size of the latest checkpoint (what tiles and proofs are served up to). */
  async size(): Promise<number> {
    const checkpoint = await this.checkpoint();
    return checkpoint === undefined ? 0 : parseCheckpoint(parseNote(checkpoint).text).size;
  }

  /** The tile at `path` (`tile/<L>/<N>[.p/<W>]` or `tile/entries/<N>[.p/<W>]`) as of the latest checkpoint. */
  async tile(path: string): Promise<TileRead> {
    let tile: Tile;
    try {
      tile = parseTilePath(path);
    } catch {
      throw new LogTileNotFound(path, 'it is not a tile path (tile/<L>/<N>[.p/<W>] or tile/entries/<N>[.p/<W>], N in three-digit groups)');
    }
    const size = await this.size();
    const held = tileOfTree(tile.level === ENTRIES_LEVEL ? 0 : tile.level, tile.n, size);
    if (held === undefined || held.width < tile.width) throw new LogTileNotFound(path, `the tree of the latest checkpoint holds ${size} entries`);
    const full = tile.width === TILE_WIDTH;
    if (tile.level === ENTRIES_LEVEL) {
      const start = tile.n * TILE_WIDTH;
      const rows = await this.db
        .selectFrom('log_entries')
        .select(['idx', 'entry'])
        .where('idx', '>=', start)
        .where('idx', '<', start + tile.width)
        .orderBy('idx')
        .execute();
      return { data: encodeEntryBundle(rows.map((row) => Buffer.from(row.entry, 'utf8'))), full };
    }
    const wanted = new Map<number, Hash>();
    readTileData(tile, (indexes) => {
      indexes.forEach((i) => wanted.set(i, Buffer.alloc(0)));
      return indexes.map(() => Buffer.alloc(32));
    });
    const hashes = await this.hashes([...wanted.keys()]);
    return { data: Buffer.from(readTileData(tile, (indexes) => indexes.map((i) => hashes.get(i)!))), full };
  }

  /** The consistency proof (RFC 9162) from the tree of `from` entries to the tree of `to`, both at most the latest checkpoint's size. */
  async consistency(from: number, to: number): Promise<Hash[]> {
    const size = await this.size();
    if (!(Number.isSafeInteger(from) && Number.isSafeInteger(to) && from >= 1 && from <= to && to <= size))
      throw new LogSizeOutOfRange(`from and to must be sizes with 1 <= from <= to <= ${size}, the latest checkpoint's size; got from=${from}, to=${to}`);
    return this.proof((read) => proveConsistency(to, from, read));
  }

  /** The match's latest entry in the tree of the latest checkpoint, and its `.tlog-proof`; undefined if it has none there. */
  async proofOf(matchId: string): Promise<{ entry: string; proof: string } | undefined> {
    const checkpoint = await this.checkpoint();
    if (checkpoint === undefined) return undefined;
    const size = parseCheckpoint(parseNote(checkpoint).text).size;
    const row = await this.db.selectFrom('log_entries').select(['idx', 'entry']).where('match_id', '=', matchId).where('idx', '<', size).orderBy('idx', 'desc').executeTakeFirst();
    if (row === undefined) return undefined;
    const index = Number(row.idx);
    const inclusion = await this.proof((read) => proveInclusion(size, index, read));
    return { entry: row.entry, proof: formatTlogProof({ index, inclusion, checkpoint }) };
  }

  /** The entry at `index` and its `.tlog-proof`, against the latest checkpoint; undefined if that tree does not hold it. */
  async proofAt(index: number): Promise<{ entry: string; proof: string } | undefined> {
    const checkpoint = await this.checkpoint();
    if (checkpoint === undefined) return undefined;
    const size = parseCheckpoint(parseNote(checkpoint).text).size;
    if (!(Number.isSafeInteger(index) && index >= 0 && index < size)) return undefined;
    const row = await this.db.selectFrom('log_entries').select('entry').where('idx', '=', index).executeTakeFirst();
    if (row === undefined) return undefined;
    const inclusion = await this.proof((read) => proveInclusion(size, index, read));
    return { entry: row.entry, proof: formatTlogProof({ index, inclusion, checkpoint }) };
  }

  /** A proof from stored hashes: the indexes it reads, fetched first (a HashReader is synchronous). */
  private async proof(prove: (read: (indexes: readonly number[]) => Hash[]) => Hash[]): Promise<Hash[]> {
    const wanted: number[] = [];
    prove((indexes) => {
      wanted.push(...indexes);
      return indexes.map(() => Buffer.alloc(32));
    });
    const hashes = await this.hashes(wanted);
    return prove((indexes) => indexes.map((i) => hashes.get(i)!));
  }

  private async hashes(indexes: readonly number[]): Promise<Map<number, Hash>> {
    const found = new Map<number, Hash>();
    for (let at = 0; at < indexes.length; at += 500) {
      const rows = await this.db
        .selectFrom('log_hashes')
        .selectAll()
        .where('idx', 'in', indexes.slice(at, at + 500))
        .execute();
      for (const row of rows) found.set(Number(row.idx), decodeHash(row.hash)!);
    }
    return found;
  }
}

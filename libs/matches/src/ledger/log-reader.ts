import { KeyObject } from 'node:crypto';
import {
  ENTRIES_LEVEL,
  Hash,
  SIGNATURE_TYPE_ED25519,
  Tile,
  ed25519NoteSigner,
  encodeEntryBundle,
  formatVerifierKey,
  formatTlogProof,
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
import { LogEntryNotPublished, LogSizeOutOfRange, LogTileNotFound } from '../errors';
import { LOG_STATE, LogDb } from './log-tables';
import { proofFromStore, storedHashes } from './stored-proof';

/** A tile's bytes, and whether it is full (then it never changes). */
export interface TileRead {
  readonly data: Buffer;
  readonly full: boolean;
}

/** The checkpoint the log serves, once the witnesses' quorum cosigned it. */
export interface PublishedCheckpoint {
  readonly note: string;
  readonly size: number;
  /** the ISO time the log signed it */
  readonly signedAt: string;
  /** signatures other than the log's own */
  readonly cosignatures: number;
}

/** The server's log as tlog-tiles serves it: the published checkpoint, tiles, the verifier key, proofs. Anonymous and public: an entry holds nothing hidden. */
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

  /** The published checkpoint (the witnesses' quorum cosigned it), or undefined before the first. */
  async checkpoint(): Promise<string | undefined> {
    return (await this.published())?.note;
  }

  /**
   * The published checkpoint: the signed note with every cosignature collected, its size, the ISO time the log
   * signed it, and how many signatures it has besides the log's own.
   */
  async published(): Promise<PublishedCheckpoint | undefined> {
    const row = await this.db.selectFrom('log_state').select(['published', 'published_size', 'published_at']).where('name', '=', LOG_STATE).executeTakeFirst();
    if (!row?.published || row.published_size === null || !row.published_at) return undefined;
    const own = ed25519NoteSigner(this.origin, this.signingKey);
    const cosignatures = parseNote(row.published).signatures.filter((s) => !(s.name === own.name && s.keyId === own.keyId)).length;
    return { note: row.published, size: Number(row.published_size), signedAt: row.published_at, cosignatures };
  }

  /** The size of the published checkpoint (what tiles and proofs are served up to). */
  async size(): Promise<number> {
    return (await this.published())?.size ?? 0;
  }

  /** The match's entries in the published tree, in log order. */
  async entriesOf(matchId: string): Promise<{ index: number; kind: string; revision: number }[]> {
    const size = await this.size();
    const rows = await this.db.selectFrom('log_entries').select(['idx', 'kind', 'revision']).where('match_id', '=', matchId).where('idx', '<', size).orderBy('idx').execute();
    return rows.map((row) => ({ index: Number(row.idx), kind: row.kind, revision: Number(row.revision) }));
  }

  /** The tile at `path` (`tile/<L>/<N>[.p/<W>]` or `tile/entries/<N>[.p/<W>]`) as of the published checkpoint. */
  async tile(path: string): Promise<TileRead> {
    let tile: Tile;
    try {
      tile = parseTilePath(path);
    } catch {
      throw new LogTileNotFound(path, 'it is not a tile path (tile/<L>/<N>[.p/<W>] or tile/entries/<N>[.p/<W>], N in three-digit groups)');
    }
    const size = await this.size();
    const held = tileOfTree(tile.level === ENTRIES_LEVEL ? 0 : tile.level, tile.n, size);
    if (held === undefined || held.width < tile.width) throw new LogTileNotFound(path, `the tree of the published checkpoint holds ${size} entries`);
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
    const hashes = await storedHashes(this.db, [...wanted.keys()]);
    return { data: Buffer.from(readTileData(tile, (indexes) => indexes.map((i) => hashes.get(i)!))), full };
  }

  /** The consistency proof (RFC 9162) from the tree of `from` entries to the tree of `to`, both at most the published checkpoint's size. */
  async consistency(from: number, to: number): Promise<Hash[]> {
    const size = await this.size();
    if (!(Number.isSafeInteger(from) && Number.isSafeInteger(to) && from >= 1 && from <= to && to <= size))
      throw new LogSizeOutOfRange(`from and to must be sizes with 1 <= from <= to <= ${size}, the published checkpoint's size; got from=${from}, to=${to}`);
    return proofFromStore(this.db, (read) => proveConsistency(to, from, read));
  }

  /**
   * The match's latest entry in the published tree, and its `.tlog-proof` against the published checkpoint;
   * undefined if the log holds no entry of it; LOG_ENTRY_NOT_PUBLISHED if it does, but no published checkpoint yet.
   */
  async proofOf(matchId: string): Promise<{ entry: string; proof: string } | undefined> {
    const published = await this.published();
    const size = published?.size ?? 0;
    const row = await this.db.selectFrom('log_entries').select(['idx', 'entry']).where('match_id', '=', matchId).where('idx', '<', size).orderBy('idx', 'desc').executeTakeFirst();
    if (row === undefined) {
      const logged = await this.db.selectFrom('log_entries').select('idx').where('match_id', '=', matchId).executeTakeFirst();
      if (logged !== undefined) throw new LogEntryNotPublished(matchId);
      return undefined;
    }
    const checkpoint = published!.note;
    const index = Number(row.idx);
    const inclusion = await proofFromStore(this.db, (read) => proveInclusion(size, index, read));
    return { entry: row.entry, proof: formatTlogProof({ index, inclusion, checkpoint }) };
  }

  /** The entry at `index` and its `.tlog-proof`, against the published checkpoint; undefined if that tree does not hold it. */
  async proofAt(index: number): Promise<{ entry: string; proof: string } | undefined> {
    const published = await this.published();
    if (published === undefined) return undefined;
    const { size, note: checkpoint } = published;
    if (!(Number.isSafeInteger(index) && index >= 0 && index < size)) return undefined;
    const row = await this.db.selectFrom('log_entries').select('entry').where('idx', '=', index).executeTakeFirst();
    if (row === undefined) return undefined;
    const inclusion = await proofFromStore(this.db, (read) => proveInclusion(size, index, read));
    return { entry: row.entry, proof: formatTlogProof({ index, inclusion, checkpoint }) };
  }
}

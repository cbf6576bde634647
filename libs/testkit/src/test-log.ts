import { KeyObject, createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  ENTRIES_LEVEL,
  Hash,
  MatchEntry,
  SIGNATURE_TYPE_ED25519,
  TILE_WIDTH,
  encodeEntryBundle,
  formatCheckpoint,
  formatMatchEntry,
  formatVerifierKey,
  leafHash,
  newTiles,
  privateKeyFromSeed,
  proveConsistency,
  proveInclusion,
  rawPublicKey,
  readTileData,
  signNote,
  ed25519NoteSigner,
  storedHashesForLeaf,
  tilePath,
  treeHash,
} from '@matchlog/ledger';

/**
 * A transparency log built in memory with libs/ledger, for tests of witnesses, verifiers and monitors: entries in the
 * matchlog/entry/v1 format, its stored hashes, checkpoints signed with a test Ed25519 key (from `keySeed`), and the
 * mirror layout (checkpoint, tile/<L>/<N>, tile/entries/<N>) written to a directory: the bytes a mirror would hold.
 * Given a server's own signing key instead of a seed, it is a log that server's key signs (an attack test's forgery).
 */
export class TestLog {
  readonly entries: string[] = [];
  private readonly hashes: Hash[] = [];
  private readonly signer;
  readonly vkey: string;

  constructor(
    readonly origin = 'log.test/matchlog',
    keySeed: string | KeyObject = origin,
  ) {
    const key = typeof keySeed === 'string' ? privateKeyFromSeed(createHash('sha256').update(keySeed).digest()) : keySeed;
    this.signer = ed25519NoteSigner(origin, key);
    this.vkey = formatVerifierKey(origin, SIGNATURE_TYPE_ED25519, rawPublicKey(key));
  }

  /** A log of `n` made-up match-ended entries (tag them to make another log's entries). */
  static of(n: number, origin?: string, tag = 'm'): TestLog {
    const log = new TestLog(origin);
    for (let i = 0; i < n; i++) log.append({ kind: 'match-ended', matchId: `${tag}-${i}`, revision: i + 1, head: `head-${tag}-${i}`, kid: 'test-kid' });
    return log;
  }

  get size(): number {
    return this.entries.length;
  }

  readonly read = (indexes: readonly number[]): Hash[] =>
    indexes.map((i) => {
      if (i >= this.hashes.length) throw new Error(`stored hash ${i} is not in the test log`);
      return this.hashes[i];
    });

  append(entry: MatchEntry | string): number {
    const text = typeof entry === 'string' ? entry : formatMatchEntry(entry);
    const index = this.entries.length;
    this.hashes.push(...storedHashesForLeaf(index, leafHash(Buffer.from(text, 'utf8')), this.read));
    this.entries.push(text);
    return index;
  }

  root(size = this.size): Hash {
    return treeHash(size, this.read);
  }

  /** The signed checkpoint note of the tree of `size` leaves. */
  checkpoint(size = this.size): string {
    return signNote(formatCheckpoint({ origin: this.origin, size, root: this.root(size), extensions: [] }), [this.signer]);
  }

  consistency(oldSize: number, size = this.size): Hash[] {
    return proveConsistency(size, oldSize, this.read);
  }

  inclusion(index: number, size = this.size): Hash[] {
    return proveInclusion(size, index, this.read);
  }

  /** The tlog-witness add-checkpoint body from `oldSize` to the tree of `size`. */
  addCheckpointBody(oldSize: number, size = this.size, proof = oldSize === 0 ? [] : this.consistency(oldSize, size)): string {
    return `old ${oldSize}\n${proof.map((h) => `${Buffer.from(h).toString('base64')}\n`).join('')}\n${this.checkpoint(size)}`;
  }

  /** The mirror of the tree of `size` leaves under `dir`: checkpoint, hash tiles and entry bundles. */
  writeMirror(dir: string, size = this.size): void {
    const write = (path: string, data: string | Uint8Array) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), data);
    };
    write('checkpoint', this.checkpoint(size));
    for (const tile of newTiles(0, size)) {
      write(tilePath(tile), readTileData(tile, this.read));
      if (tile.level !== 0) continue;
      const start = tile.n * TILE_WIDTH;
      const bundle = this.entries.slice(start, start + tile.width).map((e) => Buffer.from(e, 'utf8'));
      write(tilePath({ ...tile, level: ENTRIES_LEVEL }), encodeEntryBundle(bundle));
    }
  }
}

import { MatchEntry, formatHash, parseCheckpoint, parseLogEntry, parseMatchEntry, parseNote, storedHashCount } from '@matchlog/ledger';
import { CatalogDb } from '@matchlog/catalog';
import { LOG_STATE, LogDb, LogSequencer } from '@matchlog/matches';
import { TestLog } from '@matchlog/testkit';
import { KeyObject, createPrivateKey } from 'crypto';
import { readFileSync } from 'fs';
import { join } from 'path';
import { logPartsOf } from '../../../api/test/support/log-parts-of';
import { TestApp } from '../../../api/test/support/test-app';

/**
 * The attack tests' adversary: it holds the server. From its data directory it has the signing key
 * (signing-key.pem: the key that signs chain heads and the log's checkpoints), and it has the catalog database
 * (the log's tables, the matches the sequencer logs) through the server's own connection (the catalog's SQLite file
 * is locked to the process that serves it). It stops the server's sequencer, builds the tree it wants with
 * libs/ledger (a TestLog signed with the server's key), and writes it into the database, so the real server serves
 * it at /log/ and in its receipts' proofs.
 */
export class Adversary {
  readonly key: KeyObject;
  private readonly db: LogDb;

  private constructor(
    private readonly sequencer: LogSequencer,
    catalog: CatalogDb,
    dataDir: string,
    readonly origin: string,
  ) {
    this.key = createPrivateKey(readFileSync(join(dataDir, 'signing-key.pem')));
    this.db = catalog as unknown as LogDb;
  }

  /** The server taken over: its sequencer stopped (the adversary decides what is logged), its key and database in hand. */
  static async takeOver(t: TestApp): Promise<Adversary> {
    const { sequencer, catalog } = logPartsOf(t);
    await sequencer.stop();
    const { checkpoint } = await (catalog as unknown as LogDb).selectFrom('log_state').select('checkpoint').where('name', '=', LOG_STATE).executeTakeFirstOrThrow();
    return new Adversary(sequencer, catalog, t.dataDir, parseCheckpoint(parseNote(checkpoint!).text).origin);
  }

  /** The server's sequencer running again, over whatever the adversary left in its tables. */
  release(): void {
    this.sequencer.start();
  }

  /** The entries the server logged, in leaf order. */
  async loggedEntries(): Promise<string[]> {
    return (await this.db.selectFrom('log_entries').select('entry').orderBy('idx').execute()).map((row) => row.entry);
  }

  /** The entry logged for this match's end. */
  async endOf(matchId: string): Promise<MatchEntry> {
    const row = await this.db.selectFrom('log_entries').select('entry').where('match_id', '=', matchId).where('kind', '=', 'match-ended').executeTakeFirstOrThrow();
    return parseMatchEntry(row.entry);
  }

  /** A log with the server's origin, signed with the server's key, holding these entries: to fork, extend or cut. */
  logOf(entries: readonly (MatchEntry | string)[]): TestLog {
    const log = new TestLog(this.origin, this.key);
    for (const entry of entries) log.append(entry);
    return log;
  }

  /** The server's own log, rebuilt in memory from its tables (the same tree, the same root). */
  async copyOfLog(): Promise<TestLog> {
    return this.logOf(await this.loggedEntries());
  }

  /**
   * Makes the server serve the tree of `log`'s first `size` leaves: its entries, stored hashes and a checkpoint
   * signed with the server's key (signed and published at once, as with no MATCHLOG_WITNESSES) replace the log's
   * tables in one transaction. (One entry per match and kind is the
   * server's rule, not the adversary's: a second entry of a match and kind gets a kind column of its own.)
   */
  async serve(log: TestLog, size = log.size): Promise<void> {
    const hashes = log.read([...Array(storedHashCount(size)).keys()]);
    const facts = new Set<string>();
    const rows = log.entries.slice(0, size).map((entry, idx) => {
      const parsed = parseLogEntry(entry);
      if (parsed.kind === 'round-closed') {
        const { event, round, slip } = parsed;
        return { idx, match_id: null, kind: parsed.kind, revision: null, event, round, slip, entry };
      }
      const { matchId, kind, revision } = parsed;
      const fact = facts.has(`${matchId} ${kind}`) ? `${kind} (forged at ${idx})` : kind;
      facts.add(`${matchId} ${fact}`);
      return { idx, match_id: matchId, kind: fact, revision, event: null, round: null, slip: null, entry };
    });
    const checkpoint = log.checkpoint(size);
    const at = new Date().toISOString();
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('log_entries').execute();
      await trx.deleteFrom('log_hashes').execute();
      if (rows.length > 0) await trx.insertInto('log_entries').values(rows).execute();
      if (hashes.length > 0)
        await trx
          .insertInto('log_hashes')
          .values(hashes.map((hash, idx) => ({ idx, hash: formatHash(hash) })))
          .execute();
      await trx
        .updateTable('log_state')
        .set({ size, checkpoint, signed_at: at, published: checkpoint, published_size: size, published_at: at })
        .where('name', '=', LOG_STATE)
        .execute();
    });
  }

  /** The match gone from the catalog, so the server's sequencer never logs it again. */
  async dropFromCatalog(matchId: string): Promise<void> {
    await this.db.deleteFrom('matches').where('match_id', '=', matchId).execute();
  }
}

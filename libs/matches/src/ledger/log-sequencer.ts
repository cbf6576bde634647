import { KeyObject } from 'node:crypto';
import { sql } from 'kysely';
import { publicJwkOf } from '@matchlog/audit';
import { CatalogDb } from '@matchlog/catalog';
import {
  Hash,
  MatchEntry,
  MatchEntryKind,
  decodeHash,
  ed25519NoteSigner,
  formatCheckpoint,
  formatHash,
  formatMatchEntry,
  leafHash,
  signNote,
  storedHashIndex,
  storedHashesForLeaf,
  treeHash,
  treeHashIndexes,
} from '@matchlog/ledger';
import { EventStore } from '@matchlog/store';
import { TimeSource } from '../ports';
import { LogPublisher } from './log-publisher';
import { LOG_STATE, LogDb, LogTables } from './log-tables';
import { LogWitness, WitnessClient } from './witness-client';

/** rows a multi-row INSERT: 8 columns x 500 stays far under SQLite's 32,766 and PostgreSQL's 65,535 parameters */
const INSERT_BATCH = 500;

export interface LogSequencerOptions {
  readonly catalog: CatalogDb;
  readonly store: Pick<EventStore, 'readStream'>;
  readonly time: TimeSource;
  /** the server's Ed25519 key: the kid of the entries, and the checkpoints' signer */
  readonly signingKey: KeyObject;
  /** the checkpoints' origin line and note key name */
  readonly origin: string;
  readonly intervalMs: number;
  readonly onError?: (error: unknown) => void;
  /** the witnesses whose cosignatures the log collects, and how many must cosign before a checkpoint is published; none: each is published at once */
  readonly witnesses?: readonly LogWitness[];
  readonly quorum?: number;
  readonly witnessClient?: WitnessClient;
  readonly onWarning?: (message: string) => void;
}

/** A match's end or void whose time has come (the broadcast delay no longer holds it back), not yet in the log. */
interface Fact {
  readonly matchId: string;
  readonly kind: MatchEntryKind;
  readonly revision: number;
}

/**
 * The server's log sequencer. Every interval it takes the matches whose end (MatchEnded) or void
 * (MatchVoided) the catalog holds and the public may see at the time source's now (the catalog's
 * hold-back columns: a match whose broadcastDelay holds its end back waits until the end is shown),
 * appends one entry each, and signs one checkpoint: none when nothing new came.
 *
 * Entries, stored hashes, the size and the checkpoint commit in one transaction that first locks the
 * `log_state` row (an UPDATE that changes nothing: PostgreSQL's row lock; SQLite writes one transaction at a
 * time): instances sharing a PostgreSQL catalog integrate one at a time, and each re-reads what is logged under
 * the lock, so a fact is logged once (log_entries' unique match, kind and revision), and a crash loses or repeats nothing.
 * After each integration, the LogPublisher collects the witnesses' cosignatures and publishes the checkpoint.
 */
export class LogSequencer {
  private readonly db: LogDb;
  private readonly kid: string;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly publisher: LogPublisher;

  constructor(private readonly options: LogSequencerOptions) {
    this.db = options.catalog as unknown as LogDb;
    this.kid = publicJwkOf(options.signingKey).kid!;
    const witnesses = options.witnesses ?? [];
    this.publisher = new LogPublisher({
      db: this.db,
      witnesses,
      quorum: options.quorum ?? witnesses.length,
      client: options.witnessClient,
      onWarning: options.onWarning,
    });
  }

  start(): void {
    if (this.timer) return;
    this.stopped = false;
    this.timer = setInterval(() => void this.tick(), this.options.intervalMs);
    this.timer.unref();
    void this.tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /**
   * Integrates now, in a transaction that starts after this call (so it sees what the caller staged before): for POST
   * /rounds/close and POST /matches/:id/log. It returns once integrated; the witnesses are asked after, in the
   * background (a slow witness never holds the request). Integrations may overlap: each locks the log's state first.
   */
  async flush(): Promise<void> {
    try {
      await this.integrate();
    } catch (error) {
      this.failed(error);
    }
    const after = this.running ?? Promise.resolve();
    void after.then(() => (this.stopped ? undefined : this.tick()));
  }

  private failed(error: unknown): void {
    (this.options.onError ?? ((e) => console.error('log: integration failed, tried again next interval:', e)))(error);
  }

  private tick(): Promise<void> {
    if (this.running) return this.running;
    this.running = this.integrate()
      .then(() => this.publish())
      .catch((error: unknown) => this.failed(error))
      .finally(() => (this.running = null));
    return this.running;
  }

  /** Collects the witnesses' cosignatures of the latest checkpoint, and publishes it once their quorum cosigned (LogPublisher). */
  publish(): Promise<void> {
    return this.publisher.publish();
  }

  /** Integrates what is due now: the log's size after it. With no witnesses, its checkpoint is published in the same transaction. */
  async integrate(): Promise<number> {
    const now = new Date(this.options.time.now()).toISOString();
    const due = await this.due(now);
    const entries = (await Promise.all(due.map((fact) => this.entryOf(fact)))).filter((entry): entry is MatchEntry => entry !== undefined);
    return this.db.transaction().execute(async (trx) => {
      const state = await trx
        .updateTable('log_state')
        .set((eb) => ({ size: eb.ref('size') }))
        .where('name', '=', LOG_STATE)
        .returning(['size', 'checkpoint'])
        .executeTakeFirstOrThrow();
      const size = Number(state.size);
      const logged =
        entries.length === 0
          ? []
          : await trx
              .selectFrom('log_entries')
              .select(['match_id', 'kind'])
              .where('match_id', 'in', [...new Set(entries.map((e) => e.matchId))])
              .execute();
      const fresh = entries.filter((entry) => !logged.some((row) => row.match_id === entry.matchId && row.kind === entry.kind));
      const rounds = await trx
        .selectFrom('log_round_closes as c')
        .leftJoin('log_entries as e', (join) => join.onRef('e.event', '=', 'c.event').onRef('e.round', '=', 'c.round').onRef('e.slip', '=', 'c.slip'))
        .where('e.idx', 'is', null)
        // closed by now, the time `due` read at: the ends it counts were public then, so their entries come in this run or before
        .where('c.closed_at', '<=', now)
        .select(['c.event', 'c.round', 'c.slip', 'c.entry'])
        .orderBy('c.closed_at')
        .orderBy('c.event')
        .orderBy('c.round')
        .orderBy('c.slip')
        .execute();
      const receipts = await trx
        .selectFrom('log_receipts as r')
        .leftJoin('log_entries as e', (join) => join.onRef('e.match_id', '=', 'r.match_id').onRef('e.revision', '=', 'r.revision').on('e.kind', '=', 'receipt'))
        .where('e.idx', 'is', null)
        .where('r.requested_at', '<=', now)
        .select(['r.match_id', 'r.revision', 'r.entry'])
        .orderBy('r.requested_at')
        .orderBy('r.match_id')
        .orderBy('r.revision')
        .execute();
      if (fresh.length === 0 && receipts.length === 0 && rounds.length === 0 && state.checkpoint !== null) return size;
      const known = new Map<number, Hash>();
      const indexes = treeHashIndexes(size);
      if (indexes.length > 0)
        for (const row of await trx.selectFrom('log_hashes').selectAll().where('idx', 'in', indexes).execute()) known.set(Number(row.idx), decodeHash(row.hash)!);
      const read = (wanted: readonly number[]) => wanted.map((i) => known.get(i)!);
      let n = size;
      const entryRows: LogTables['log_entries'][] = [];
      const hashRows: LogTables['log_hashes'][] = [];
      const append = (text: string, keys: Omit<LogTables['log_entries'], 'idx' | 'kind' | 'entry'>, kind: string) => {
        const hashes = storedHashesForLeaf(n, leafHash(Buffer.from(text, 'utf8')), read);
        const first = storedHashIndex(0, n);
        hashes.forEach((hash, i) => known.set(first + i, hash));
        entryRows.push({ idx: n, kind, entry: text, ...keys });
        hashRows.push(...hashes.map((hash, i) => ({ idx: first + i, hash: formatHash(hash) })));
        n++;
      };
      const noRound = { event: null, round: null, slip: null };
      for (const entry of fresh) append(formatMatchEntry(entry), { match_id: entry.matchId, revision: entry.revision, ...noRound }, entry.kind);
      for (const receipt of receipts) append(receipt.entry, { match_id: receipt.match_id, revision: Number(receipt.revision), ...noRound }, 'receipt');
      // after the match facts: a round's entry comes after the entries of the ends it counts
      for (const close of rounds) append(close.entry, { match_id: null, revision: null, event: close.event, round: Number(close.round), slip: close.slip }, 'round-closed');
      // one statement a batch of rows, not two an entry: PostgreSQL's round trips (docs/performance-history.md, bench:log)
      for (let at = 0; at < entryRows.length; at += INSERT_BATCH)
        await trx
          .insertInto('log_entries')
          .values(entryRows.slice(at, at + INSERT_BATCH))
          .execute();
      for (let at = 0; at < hashRows.length; at += INSERT_BATCH)
        await trx
          .insertInto('log_hashes')
          .values(hashRows.slice(at, at + INSERT_BATCH))
          .execute();
      const { origin, signingKey } = this.options;
      const checkpoint = signNote(formatCheckpoint({ origin, size: n, root: treeHash(n, read), extensions: [] }), [ed25519NoteSigner(origin, signingKey)]);
      const published = this.publisher.witnessed ? {} : { published: checkpoint, published_size: n, published_at: now };
      await trx
        .updateTable('log_state')
        .set({ size: n, checkpoint, signed_at: now, ...published })
        .where('name', '=', LOG_STATE)
        .execute();
      return n;
    });
  }

  /** The ends and voids the public may see at `now` and the log lacks, in the order they became public. */
  private async due(now: string): Promise<Fact[]> {
    const notLogged = (kind: MatchEntryKind) => sql<boolean>`not exists (select 1 from log_entries e where e.match_id = matches.match_id and e.kind = ${kind})`;
    // shown: a match that holds nothing back at once, a held-back one from the time the catalog keeps (the delay's rule, catalog hold-back.ts)
    const ended = await this.db
      .selectFrom('matches')
      .select(['match_id', 'ended_revision as revision', 'ended_shown_from as from'])
      .where('ended_revision', 'is not', null)
      .where(sql<boolean>`(matches.hold_back_events is null or matches.ended_shown_from <= ${now})`)
      .where(notLogged('match-ended'))
      .execute();
    const voided = await this.db
      .selectFrom('matches')
      .select(['match_id', 'voided_revision as revision', 'voided_shown_from as from'])
      .where('voided_revision', 'is not', null)
      .where(sql<boolean>`(matches.hold_back_events is null or matches.voided_shown_from <= ${now})`)
      .where(notLogged('match-voided'))
      .execute();
    return [
      ...ended.map((row) => ({ matchId: row.match_id, kind: 'match-ended' as const, revision: Number(row.revision), from: row.from ?? '' })),
      ...voided.map((row) => ({ matchId: row.match_id, kind: 'match-voided' as const, revision: Number(row.revision), from: row.from ?? '' })),
    ].sort((a, b) => a.from.localeCompare(b.from) || a.matchId.localeCompare(b.matchId) || a.kind.localeCompare(b.kind));
  }

  /**
   * The entry of a fact: the chain head at its revision. None for a match recorded before chain salts: its
   * unsalted hashes would let a brute force name hidden cards (as its receipt is withheld from the public).
   */
  private async entryOf(fact: Fact): Promise<MatchEntry | undefined> {
    const [created] = await this.options.store.readStream(fact.matchId, { from: 1, maxCount: 1 });
    const [event] = await this.options.store.readStream(fact.matchId, { from: fact.revision, maxCount: 1 });
    const head = (event?.meta as { hash?: unknown } | undefined)?.hash;
    if ((created?.meta as { chainSalt?: unknown } | undefined)?.chainSalt === undefined || typeof head !== 'string') return undefined;
    return { kind: fact.kind, matchId: fact.matchId, revision: fact.revision, head, kid: this.kid };
  }
}

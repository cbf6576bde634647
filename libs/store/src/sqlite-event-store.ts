import Database from 'better-sqlite3';
import { hash, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { checkAppend } from './check-append';
import { AppendResult, DuplicateEventId, EventStore, EventToAppend, ExpectedRevision, ReadOptions, RevisionConflict, StoredEvent, Subscription } from './event-store';
import { EventRow, toStored } from './event-row';
import { GroupCommit, Queued } from './group-commit';
import { LocalSubscriptions } from './local-subscriptions';
import { earlierAppend } from './retry-rule';
import { closeSqliteFile, openSqliteFile } from './sqlite-file';
import { StorageCorrupt, storageErrorOf } from './storage-errors';

/*
 * Event ids are random (UUIDs), so an index on them takes its inserts all over the b-tree: with a
 * thousand ids a commit, nearly every page of it is rewritten at every commit, which cost more than
 * everything else together. So the id index is kept in two tables of 48-bit id hashes: the newest
 * ids in `recent_event_ids`, small enough that a commit touches few of its pages, moved in bulk to
 * `event_ids` every ID_BATCH ids. A hash only finds candidates: the id itself is compared in `events`.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS streams (
  stream_key INTEGER PRIMARY KEY,
  stream_id TEXT NOT NULL UNIQUE,
  revision INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
  position INTEGER PRIMARY KEY,
  stream_key INTEGER NOT NULL,
  revision INTEGER NOT NULL,
  event_id TEXT NOT NULL,
  type TEXT NOT NULL,
  data TEXT NOT NULL,
  meta TEXT,
  UNIQUE (stream_key, revision)
);
CREATE TABLE IF NOT EXISTS recent_event_ids (
  id_hash INTEGER NOT NULL,
  position INTEGER NOT NULL,
  PRIMARY KEY (id_hash, position)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS event_ids (
  id_hash INTEGER NOT NULL,
  position INTEGER NOT NULL,
  PRIMARY KEY (id_hash, position)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS store_identity (
  one INTEGER PRIMARY KEY CHECK (one = 1),
  store_id TEXT NOT NULL
);
`;

/** The first 48 bits of the id's SHA-1: part of the file format, never to change. */
export const idHash = (id: string): number => parseInt(hash('sha1', id, 'hex').slice(0, 12), 16);

const ID_BATCH = 20_000;
/** Events per multi-row INSERT: 7 parameters a row stays far below SQLite's 32,766. */
const ROWS_PER_INSERT = 64;
const SUBSCRIPTION_PAGE = 512;

const COLUMNS = 'e.position, s.stream_id, e.revision, e.event_id, e.type, e.data, e.meta';
const CANDIDATES = (ids: string) => `SELECT position FROM recent_event_ids WHERE id_hash IN (${ids}) UNION ALL SELECT position FROM event_ids WHERE id_hash IN (${ids})`;

interface Serialised {
  readonly id: string;
  readonly idHash: number;
  readonly type: string;
  readonly data: string;
  readonly meta: string | null;
}

interface AppendRequest {
  readonly streamId: string;
  readonly expected: ExpectedRevision;
  readonly events: readonly Serialised[];
  /** what the group's transaction decided for it, told once the group is committed */
  outcome?: Outcome;
}

type PendingAppend = AppendRequest & Queued<AppendResult>;

type Outcome = { result: AppendResult } | { error: unknown };

const serialise = (e: EventToAppend): Serialised => ({
  id: e.id,
  idHash: idHash(e.id),
  type: e.type,
  data: JSON.stringify(e.data),
  meta: e.meta === undefined ? null : JSON.stringify(e.meta),
});

/**
 * The embedded event store: one SQLite file in WAL mode with `synchronous = FULL`, so an
 * acknowledged append is on disk. Appends that arrive in the same event-loop turn are written in one
 * transaction (group commit), so one fsync serves them all; each gets its own result or refusal, and
 * a refused one has written nothing (see `attempt`).
 */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly groups = new GroupCommit<AppendRequest, AppendResult>((group) => this.writeGroup(group));
  private closed = false;
  /** the position the next event gets: read when a group's transaction starts, as only its writer appends */
  private nextPosition = 0;
  private readonly subscriptions = new LocalSubscriptions();
  /** the damage met at run time: nothing more is written into a damaged file */
  private damage: StorageCorrupt | undefined;
  /** made once, the first time the file is opened (store_identity) */
  private readonly id: string;

  private readonly streamStmt: Database.Statement<[string], { stream_key: number; revision: number }>;
  private readonly insertStreamStmt: Database.Statement<[string, number]>;
  private readonly updateStreamStmt: Database.Statement<[number, number]>;
  private readonly lastPositionStmt: Database.Statement<[], number | null>;
  private readonly eventByIdStmt: Database.Statement<[number, number, string], EventRow<number>>;
  private readonly forwardStmt: Database.Statement<[string, number, number], EventRow<number>>;
  private readonly backwardStmt: Database.Statement<[string, number, number], EventRow<number>>;
  private readonly allStmt: Database.Statement<[number, number], EventRow<number>>;
  private readonly recentIdCountStmt: Database.Statement<[], number>;
  private readonly insertStmts = new Map<number, { events: Database.Statement<unknown[]>; ids: Database.Statement<unknown[]>; taken: Database.Statement<unknown[], string> }>();
  private readonly appendGroup: Database.Transaction<(group: PendingAppend[]) => void>;

  /** Opens `file` (see `openSqliteFile`: exclusive to this process, quick-checked unless `quickCheck: false`). */
  static open(file: string, options: { quickCheck?: boolean } = {}): SqliteEventStore {
    return new SqliteEventStore(file, options);
  }

  constructor(
    readonly file: string,
    options: { quickCheck?: boolean } = {},
  ) {
    const db = openSqliteFile(file, { synchronous: 'FULL', quickCheck: options.quickCheck });
    this.db = db;
    try {
      // checkpoint every ~40 MB of WAL rather than every 4 MB: a page rewritten by many commits is copied back once
      db.pragma('wal_autocheckpoint = 10000');
      db.pragma('cache_size = -65536');
      db.exec(SCHEMA);
      db.prepare('INSERT OR IGNORE INTO store_identity (one, store_id) VALUES (1, ?)').run(randomUUID());
      this.id = db.prepare<[], string>('SELECT store_id FROM store_identity').pluck().get()!;
    } catch (error) {
      closeSqliteFile(db, file);
      throw storageErrorOf(error, file);
    }
    this.streamStmt = db.prepare('SELECT stream_key, revision FROM streams WHERE stream_id = ?');
    this.insertStreamStmt = db.prepare('INSERT INTO streams (stream_id, revision) VALUES (?, ?)');
    this.updateStreamStmt = db.prepare('UPDATE streams SET revision = ? WHERE stream_key = ?');
    this.lastPositionStmt = db.prepare<[], number | null>('SELECT max(position) FROM events').pluck();
    this.eventByIdStmt = db.prepare(`SELECT ${COLUMNS} FROM events e JOIN streams s USING (stream_key) WHERE e.position IN (${CANDIDATES('?')}) AND e.event_id = ?`);
    this.forwardStmt = db.prepare(`SELECT ${COLUMNS} FROM streams s JOIN events e USING (stream_key) WHERE s.stream_id = ? AND e.revision >= ? ORDER BY e.revision LIMIT ?`);
    this.backwardStmt = db.prepare(`SELECT ${COLUMNS} FROM streams s JOIN events e USING (stream_key) WHERE s.stream_id = ? AND e.revision <= ? ORDER BY e.revision DESC LIMIT ?`);
    this.allStmt = db.prepare(`SELECT ${COLUMNS} FROM events e JOIN streams s USING (stream_key) WHERE e.position > ? ORDER BY e.position LIMIT ?`);
    this.recentIdCountStmt = db.prepare<[], number>('SELECT count(*) FROM recent_event_ids').pluck();
    this.appendGroup = db.transaction((group: PendingAppend[]) => {
      this.nextPosition = (this.lastPositionStmt.get() ?? 0) + 1;
      for (const pending of group) pending.outcome = this.attempt(pending);
      if (this.recentIdCountStmt.get()! >= ID_BATCH) db.exec('INSERT INTO event_ids SELECT * FROM recent_event_ids; DELETE FROM recent_event_ids;');
    });
  }

  append(streamId: string, expected: ExpectedRevision, events: readonly EventToAppend[]): Promise<AppendResult> {
    if (this.closed) return Promise.reject(new Error('the event store is closed'));
    if (this.damage) return Promise.reject(this.damage);
    return this.groups.submit(() => {
      checkAppend(streamId, expected, events);
      return { streamId, expected, events: events.map(serialise) };
    });
  }

  async readStream(streamId: string, options: ReadOptions = {}): Promise<StoredEvent[]> {
    const limit = options.maxCount ?? -1;
    if (limit === 0) return [];
    const rows = this.reading(() =>
      options.direction === 'backwards'
        ? this.backwardStmt.all(streamId, options.from ?? Number.MAX_SAFE_INTEGER, limit)
        : this.forwardStmt.all(streamId, options.from ?? 1, limit),
    );
    return rows.map(toStored);
  }

  async revisionOf(streamId: string): Promise<number> {
    return this.reading(() => this.streamStmt.get(streamId)?.revision ?? 0);
  }

  async headPosition(): Promise<number> {
    return this.reading(() => this.lastPositionStmt.get() ?? 0);
  }

  async findEvent(eventId: string): Promise<StoredEvent | undefined> {
    const id = idHash(eventId);
    const row = this.eventByIdStmt.get(id, id, eventId);
    return row && toStored(row);
  }

  async readAll(afterPosition: number, maxCount: number): Promise<StoredEvent[]> {
    if (maxCount <= 0) return [];
    return this.reading(() => this.allStmt.all(afterPosition, maxCount)).map(toStored);
  }

  subscribeAll(afterPosition: number, onEvent: (event: StoredEvent) => Promise<void> | void, onFailure?: (error: unknown) => void): Subscription {
    return this.subscriptions.start(
      this.closed,
      async (subscriber) => {
        let position = afterPosition;
        while (!subscriber.closed) {
          const page = this.reading(() => this.allStmt.all(position, SUBSCRIPTION_PAGE));
          if (page.length === 0) {
            // nothing can be committed between the read above and this wait: both run in one turn
            await LocalSubscriptions.wait(subscriber);
            continue;
          }
          for (const row of page) {
            if (subscriber.closed) return;
            // awaited only when it returns a promise: a synchronous subscriber (the catalog) gets the page in one turn, and batches it
            const handled = onEvent(toStored(row));
            if (handled !== undefined) await handled;
            position = row.position;
          }
        }
      },
      onFailure,
    );
  }

  async storeId(): Promise<string> {
    return this.id;
  }

  /** The connection's settings that make an acknowledged append durable. */
  durability(): { journalMode: string; synchronous: number } {
    return {
      journalMode: this.db.pragma('journal_mode', { simple: true }) as string,
      synchronous: this.db.pragma('synchronous', { simple: true }) as number,
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.groups.drained();
    await this.subscriptions.closeAll();
    closeSqliteFile(this.db, this.file);
  }

  /** A read, its SQLite errors as the storage errors they mean (a damaged file: StorageCorrupt). */
  private reading<T>(read: () => T): T {
    try {
      return read();
    } catch (error) {
      throw this.storageError(error);
    }
  }

  private storageError(error: unknown): unknown {
    const meant = storageErrorOf(error, this.file);
    if (meant instanceof StorageCorrupt) this.damage ??= meant;
    return meant;
  }

  private writeGroup(group: PendingAppend[]): void {
    try {
      this.appendGroup.immediate(group);
    } catch (error) {
      // the commit failed: nothing of the group was written, and what it told its callers may be untrue
      const failure = this.storageError(error);
      for (const pending of group) pending.reject(failure);
      return;
    }
    for (const pending of group) {
      const outcome = pending.outcome!;
      if ('result' in outcome) pending.resolve(outcome.result);
      else pending.reject(outcome.error);
    }
    this.subscriptions.wakeAll();
  }

  /**
   * Checks first, reading only, then writes: a refused append has written nothing, so it needs no
   * savepoint to undo (savepoints cost a tenth of the throughput). An error while writing is not a
   * refusal but a failing database: it aborts the whole group.
   */
  private attempt(pending: PendingAppend): Outcome {
    const { streamId, expected, events } = pending;
    const stream = this.streamStmt.get(streamId);
    const current = stream?.revision ?? 0;
    if (expected !== 'any' && expected !== current) return this.earlierAppend(pending) ?? { error: new RevisionConflict(streamId, expected, current) };
    const taken = this.firstTakenId(events);
    if (taken !== undefined) return this.earlierAppend(pending) ?? { error: new DuplicateEventId(taken) };
    return { result: this.insert(stream?.stream_key, streamId, current, events) };
  }

  private firstTakenId(events: readonly Serialised[]): string | undefined {
    for (let start = 0; start < events.length; start += ROWS_PER_INSERT) {
      const end = Math.min(start + ROWS_PER_INSERT, events.length);
      const hashes: number[] = [];
      for (let i = start; i < end; i++) hashes.push(events[i].idHash);
      for (const id of this.statementsFor(end - start).taken.all(...hashes, ...hashes)) {
        if (events.some((e) => e.id === id)) return id;
      }
    }
    return undefined;
  }

  private insert(streamKey: number | undefined, streamId: string, current: number, events: readonly Serialised[]): AppendResult {
    const revision = current + events.length;
    if (streamKey === undefined) streamKey = Number(this.insertStreamStmt.run(streamId, revision).lastInsertRowid);
    else this.updateStreamStmt.run(revision, streamKey);
    for (let start = 0; start < events.length; start += ROWS_PER_INSERT) {
      const end = Math.min(start + ROWS_PER_INSERT, events.length);
      const eventParams: unknown[] = [];
      const idParams: unknown[] = [];
      for (let i = start; i < end; i++) {
        const e = events[i];
        const position = this.nextPosition++;
        eventParams.push(position, streamKey, current + i + 1, e.id, e.type, e.data, e.meta);
        idParams.push(e.idHash, position);
      }
      const statements = this.statementsFor(end - start);
      statements.events.run(...eventParams);
      statements.ids.run(...idParams);
    }
    return { revision, position: this.nextPosition - 1 };
  }

  /**
   * When some of the batch's ids are taken: the first result if the batch was appended before, as it
   * is, in this stream; else DuplicateEventId. Undefined when none of the ids are taken.
   */
  private earlierAppend({ streamId, events }: PendingAppend): Outcome | undefined {
    const found = events.map((e) => this.eventByIdStmt.get(e.idHash, e.idHash, e.id));
    return earlierAppend(
      streamId,
      events,
      found.map((row) => row && { ...row, streamId: row.stream_id }),
    );
  }

  private statementsFor(rowCount: number) {
    let statements = this.insertStmts.get(rowCount);
    if (!statements) {
      const list = (row: string) => Array.from({ length: rowCount }, () => row).join(', ');
      statements = {
        events: this.db.prepare(`INSERT INTO events (position, stream_key, revision, event_id, type, data, meta) VALUES ${list('(?, ?, ?, ?, ?, ?, ?)')}`),
        ids: this.db.prepare(`INSERT INTO recent_event_ids (id_hash, position) VALUES ${list('(?, ?)')}`),
        taken: this.db.prepare<unknown[], string>(`SELECT event_id FROM events WHERE position IN (${CANDIDATES(list('?'))})`).pluck(),
      };
      this.insertStmts.set(rowCount, statements);
    }
    return statements;
  }
}

/** The store in `<dataDir>/events.sqlite`, creating the directory (0700) and the file (0600) if needed. */
export const openSqliteEventStore = (dataDir: string): SqliteEventStore => SqliteEventStore.open(join(dataDir, 'events.sqlite'));

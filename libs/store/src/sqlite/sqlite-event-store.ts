import Database from 'better-sqlite3';
import { join } from 'node:path';
import { checkAppend } from '../check-append';
import { AppendResult, DuplicateEventId, EventStore, EventToAppend, ExpectedRevision, ReadOptions, RevisionConflict, StoredEvent, Subscription } from '../event-store';
import { EventRow, toStored } from '../event-row';
import { LocalSubscriptions } from '../local-subscriptions';
import { earlierAppend } from '../retry-rule';
import { StorageCorrupt, storageErrorOf } from '../storage-errors';
import { ReadStatements, readStatements } from './read-stream';
import { RecentCommits } from './recent-commits';
import { closeSqliteFile, openSqliteFile } from './sqlite-file';
import { createTables, idHash } from './tables';
import { SqliteWriter } from './writer';
import { AppendOutcome, SerialisedEvent } from './writer-protocol';

export { idHash } from './tables';

const SUBSCRIPTION_PAGE = 512;

const serialise = (e: EventToAppend): SerialisedEvent => ({
  id: e.id,
  idHash: idHash(e.id),
  type: e.type,
  data: JSON.stringify(e.data),
  meta: e.meta === undefined ? null : JSON.stringify(e.meta),
});

/** What the writer thread decided for an append, as the port tells it: a refusal with the same ids in the same place is a retry, answered with the first result (`earlierAppend`). */
const resultOf = (streamId: string, expected: ExpectedRevision, events: readonly SerialisedEvent[], outcome: AppendOutcome): AppendResult => {
  if ('result' in outcome) return outcome.result;
  const earlier = outcome.held && earlierAppend(streamId, events, outcome.held);
  if (earlier && 'result' in earlier) return earlier.result;
  if (earlier) throw earlier.error;
  throw outcome.refused === 'revision' ? new RevisionConflict(streamId, expected, outcome.actual) : new DuplicateEventId(outcome.taken);
};

/**
 * The embedded event store: one SQLite file in WAL mode with `synchronous = FULL`, so an
 * acknowledged append is on disk. Its tables and SQL: tables.ts, read-stream.ts, append-to-stream.ts.
 * Its writes are made by a writer thread (writer.ts), so a commit's fsync never holds the event loop;
 * its reads, here, on a connection of their own (WAL lets them run while the writer commits). Appends
 * that arrive while a group is committed are written together in the next transaction (group commit),
 * so one fsync serves them all; each gets its own result or refusal, and a refused one has written nothing.
 */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly writer: SqliteWriter;
  private closed = false;
  private wakeScheduled = false;
  private readonly subscriptions = new LocalSubscriptions();
  /** the damage met at run time: nothing more is written into a damaged file */
  private damage: StorageCorrupt | undefined;
  /** made once, the first time the file is opened (store_identity) */
  private readonly id: string;
  private readonly reads: ReadStatements;
  /** this process's latest commits, which the subscriptions deliver without reading them back */
  private readonly recent: RecentCommits;
  /** the pages the subscriptions have read from the file (for tests and benches: a subscription that follows the appends reads none) */
  subscriptionReads = 0;

  /** Opens `file` (see `openSqliteFile`: exclusive to this process, quick-checked unless `quickCheck: false`). */
  static open(file: string, options: { quickCheck?: boolean } = {}): SqliteEventStore {
    return new SqliteEventStore(file, options);
  }

  constructor(
    readonly file: string,
    options: { quickCheck?: boolean } = {},
  ) {
    // the writer thread opens the file again: the lock is this process's, not this connection's
    const db = openSqliteFile(file, { synchronous: 'FULL', quickCheck: options.quickCheck, lock: 'process' });
    this.db = db;
    try {
      this.id = createTables(db);
      this.reads = readStatements(db);
      // every event in the file past this one is written by this store's writer: the file is this process's
      this.recent = new RecentCommits(this.reads.lastPosition.get() ?? 0);
    } catch (error) {
      closeSqliteFile(db, file);
      throw storageErrorOf(error, file);
    }
    this.writer = new SqliteWriter(file, (appends, outcomes) => {
      // kept before a subscription wakes, so that it finds them here
      this.recent.committed(appends, outcomes, this.subscriptions.lowestPosition());
      this.wakeSoon();
    });
  }

  async append(streamId: string, expected: ExpectedRevision, events: readonly EventToAppend[]): Promise<AppendResult> {
    if (this.closed) throw new Error('the event store is closed');
    if (this.damage) throw this.damage;
    checkAppend(streamId, expected, events);
    const serialised = events.map(serialise);
    let outcome: AppendOutcome;
    try {
      outcome = await this.writer.append({ streamId, expected, events: serialised });
    } catch (error) {
      // the commit failed: nothing of the group was written, and what it told its callers may be untrue;
      // or the writer thread ended, its groups committed or not: the subscriptions read what it wrote from the file
      this.recent.lost();
      throw this.storageError(error);
    }
    return resultOf(streamId, expected, serialised, outcome);
  }

  async readStream(streamId: string, options: ReadOptions = {}): Promise<StoredEvent[]> {
    const limit = options.maxCount ?? -1;
    if (limit === 0) return [];
    const rows = this.reading(() =>
      options.direction === 'backwards'
        ? this.reads.backward.all(streamId, options.from ?? Number.MAX_SAFE_INTEGER, limit)
        : this.reads.forward.all(streamId, options.from ?? 1, limit),
    );
    return rows.map(toStored);
  }

  async revisionOf(streamId: string): Promise<number> {
    return this.reading(() => this.reads.stream.get(streamId)?.revision ?? 0);
  }

  async headPosition(): Promise<number> {
    return this.reading(() => this.reads.lastPosition.get() ?? 0);
  }

  async findEvent(eventId: string): Promise<StoredEvent | undefined> {
    const id = idHash(eventId);
    const row = this.reading(() => this.reads.eventById.get(id, id, eventId));
    return row && toStored(row);
  }

  async readAll(afterPosition: number, maxCount: number): Promise<StoredEvent[]> {
    if (maxCount <= 0) return [];
    return this.reading(() => this.reads.all.all(afterPosition, maxCount)).map(toStored);
  }

  subscribeAll(afterPosition: number, onEvent: (event: StoredEvent) => Promise<void> | void, onFailure?: (error: unknown) => void): Subscription {
    return this.subscriptions.start(
      this.closed,
      afterPosition,
      async (subscriber) => {
        let position = afterPosition;
        while (!subscriber.closed) {
          const page = this.reading(() => this.recent.after(position, SUBSCRIPTION_PAGE) ?? this.readPage(position));
          if (page.length === 0) {
            // a commit told after the read above wakes this wait: the writer's answers come as tasks, never between the two
            await LocalSubscriptions.wait(subscriber);
            continue;
          }
          for (const row of page) {
            if (subscriber.closed) return;
            // awaited only when it returns a promise: a synchronous subscriber (the catalog) gets the page in one turn, and batches it
            const handled = onEvent(toStored(row));
            if (handled !== undefined) await handled;
            position = subscriber.position = row.position;
          }
        }
      },
      onFailure,
    );
  }

  async storeId(): Promise<string> {
    return this.id;
  }

  async writeSnapshot(key: string, data: unknown): Promise<void> {
    if (this.closed) throw new Error('the event store is closed');
    if (this.damage) throw this.damage;
    try {
      await this.writer.snapshot(key, JSON.stringify(data));
    } catch (error) {
      throw this.storageError(error);
    }
  }

  async readSnapshot(key: string): Promise<unknown> {
    const text = this.reading(() => this.reads.snapshot.get(key));
    return text === undefined ? undefined : JSON.parse(text);
  }

  /** The write connection's settings that make an acknowledged append durable. */
  async durability(): Promise<{ journalMode: string; synchronous: number }> {
    return {
      journalMode: (await this.writer.pragma('journal_mode')) as string,
      synchronous: (await this.writer.pragma('synchronous')) as number,
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.writer.close();
    await this.subscriptions.closeAll();
    closeSqliteFile(this.db, this.file);
  }

  private readPage(after: number): EventRow<number>[] {
    this.subscriptionReads++;
    return this.reads.all.all(after, SUBSCRIPTION_PAGE);
  }

  /**
   * Wakes the subscriptions once the writer's answers that have arrived are all kept: commits told
   * together are delivered together, as the file's read once delivered every group committed by then
   * (a synchronous subscriber, the catalog, writes them in one batch).
   */
  private wakeSoon(): void {
    if (this.wakeScheduled) return;
    this.wakeScheduled = true;
    setImmediate(() => {
      this.wakeScheduled = false;
      this.subscriptions.wakeAll();
    });
  }

  /** A read, its SQLite errors as the storage errors they mean (a damaged file: StorageCorrupt); none once the writer is lost. */
  private reading<T>(read: () => T): T {
    if (this.writer?.failure !== undefined) throw this.writer.failure;
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
}

/** The store in `<dataDir>/events.sqlite`, creating the directory (0700) and the file (0600) if needed. */
export const openSqliteEventStore = (dataDir: string): SqliteEventStore => SqliteEventStore.open(join(dataDir, 'events.sqlite'));

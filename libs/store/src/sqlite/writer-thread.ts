import Database from 'better-sqlite3';
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import type { AppendResult } from './event-store';
import type { HeldEvent } from './retry-rule';
import type { AppendOutcome, AppendRequest, ErrorReport, FromWriter, SerialisedEvent, ToWriter, WriterSetup } from './sqlite-writer-protocol';

/*
 * The SQLite store's writer thread (a worker_threads Worker, started by sqlite-writer.ts): it owns the
 * write connection, so the fsync of each commit holds this thread, never the event loop. Every batch
 * of appends waiting for it when it is free goes into one transaction (group commit); it answers once
 * the transaction is committed. It imports nothing of the lib at run time (types only): from the
 * TypeScript sources it is compiled alone (see sqlite-writer.ts).
 */

/** Moved in bulk from `recent_event_ids` to `event_ids` this many at a time (the schema's comment in sqlite-event-store.ts says why). */
const ID_BATCH = 20_000;
/** Events per multi-row INSERT: 7 parameters a row stays far below SQLite's 32,766. */
const ROWS_PER_INSERT = 64;

const COLUMNS = 'e.position, s.stream_id, e.revision, e.event_id, e.type, e.data, e.meta';
const CANDIDATES = (ids: string) => `SELECT position FROM recent_event_ids WHERE id_hash IN (${ids}) UNION ALL SELECT position FROM event_ids WHERE id_hash IN (${ids})`;

interface HeldRow {
  readonly position: number;
  readonly stream_id: string;
  readonly revision: number;
  readonly type: string;
  readonly data: string;
}

type Batch = Extract<ToWriter, { kind: 'batch' }>;

const port = parentPort!;
const post = (message: FromWriter): void => port.postMessage(message);

const reportOf = (error: unknown): ErrorReport => {
  const { name, message, code } = (error ?? {}) as { name?: unknown; message?: unknown; code?: unknown };
  return { name: typeof name === 'string' ? name : 'Error', message: typeof message === 'string' ? message : String(error), code: typeof code === 'string' ? code : undefined };
};

class Writer {
  private nextPosition = 0;
  private readonly streamStmt: Database.Statement<[string], { stream_key: number; revision: number }>;
  private readonly insertStreamStmt: Database.Statement<[string, number]>;
  private readonly updateStreamStmt: Database.Statement<[number, number]>;
  private readonly lastPositionStmt: Database.Statement<[], number | null>;
  private readonly heldStmt: Database.Statement<[number, number, string], HeldRow>;
  private readonly recentIdCountStmt: Database.Statement<[], number>;
  private readonly insertStmts = new Map<number, { events: Database.Statement<unknown[]>; ids: Database.Statement<unknown[]>; taken: Database.Statement<unknown[], string> }>();
  private readonly writeGroup: Database.Transaction<(batches: Batch[]) => AppendOutcome[][]>;

  constructor(private readonly db: Database.Database) {
    const mode = db.pragma('journal_mode', { simple: true });
    if (mode !== 'wal') throw new Error(`the database is not in WAL mode (journal_mode is ${String(mode)})`);
    db.pragma('synchronous = FULL');
    // checkpoint every ~40 MB of WAL rather than every 4 MB: a page rewritten by many commits is copied back once
    db.pragma('wal_autocheckpoint = 10000');
    db.pragma('cache_size = -65536');
    this.streamStmt = db.prepare('SELECT stream_key, revision FROM streams WHERE stream_id = ?');
    this.insertStreamStmt = db.prepare('INSERT INTO streams (stream_id, revision) VALUES (?, ?)');
    this.updateStreamStmt = db.prepare('UPDATE streams SET revision = ? WHERE stream_key = ?');
    this.lastPositionStmt = db.prepare<[], number | null>('SELECT max(position) FROM events').pluck();
    this.heldStmt = db.prepare(`SELECT ${COLUMNS} FROM events e JOIN streams s USING (stream_key) WHERE e.position IN (${CANDIDATES('?')}) AND e.event_id = ?`);
    this.recentIdCountStmt = db.prepare<[], number>('SELECT count(*) FROM recent_event_ids').pluck();
    this.writeGroup = db.transaction((batches: Batch[]) => {
      // the position the next event gets: read in the transaction, as only this connection appends
      this.nextPosition = (this.lastPositionStmt.get() ?? 0) + 1;
      const outcomes = batches.map((batch) => batch.appends.map((append) => this.attempt(append)));
      if (this.recentIdCountStmt.get()! >= ID_BATCH) db.exec('INSERT INTO event_ids SELECT * FROM recent_event_ids; DELETE FROM recent_event_ids;');
      return outcomes;
    });
  }

  /** Writes the batches in one transaction and tells the main thread how each append went, once it is on disk. */
  write(batches: Batch[]): void {
    if (batches.length === 0) return;
    const ids = batches.map((b) => b.batch);
    let outcomes: AppendOutcome[][];
    try {
      outcomes = this.writeGroup.immediate(batches);
    } catch (error) {
      // the commit failed: nothing of the group was written
      post({ kind: 'failed', batches: ids, error: reportOf(error) });
      return;
    }
    post({ kind: 'committed', batches: ids, outcomes });
  }

  pragma(request: number, pragma: string): void {
    try {
      post({ kind: 'pragma', request, value: this.db.pragma(pragma, { simple: true }) });
    } catch (error) {
      post({ kind: 'pragma', request, error: reportOf(error) });
    }
  }

  close(): void {
    this.db.close();
  }

  /**
   * Checks first, reading only, then writes: a refused append has written nothing, so it needs no
   * savepoint to undo (savepoints cost a tenth of the throughput). An error while writing is not a
   * refusal but a failing database: it aborts the whole group.
   */
  private attempt({ streamId, expected, events }: AppendRequest): AppendOutcome {
    const stream = this.streamStmt.get(streamId);
    const current = stream?.revision ?? 0;
    if (expected !== 'any' && expected !== current) {
      const held = this.held(events);
      return held.some((row) => row !== undefined) ? { refused: 'revision', actual: current, held } : { refused: 'revision', actual: current };
    }
    const taken = this.firstTakenId(events);
    if (taken !== undefined) return { refused: 'id', taken, held: this.held(events) };
    return { result: this.insert(stream?.stream_key, streamId, current, events) };
  }

  private held(events: readonly SerialisedEvent[]): (HeldEvent | undefined)[] {
    return events.map((e) => {
      const row = this.heldStmt.get(e.idHash, e.idHash, e.id);
      return row && { streamId: row.stream_id, revision: row.revision, position: row.position, type: row.type, data: row.data };
    });
  }

  private firstTakenId(events: readonly SerialisedEvent[]): string | undefined {
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

  private insert(streamKey: number | undefined, streamId: string, current: number, events: readonly SerialisedEvent[]): AppendResult {
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

/** The file the main thread has opened (and locked for this process, made WAL, given its schema), opened again for writing. */
const open = ({ file }: WriterSetup): Writer | undefined => {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { fileMustExist: true, timeout: 5000 });
    return new Writer(db);
  } catch (error) {
    db?.close();
    post({ kind: 'unopenable', error: reportOf(error) });
    port.close();
    return undefined;
  }
};

const writer = open(workerData as WriterSetup);
if (writer) {
  post({ kind: 'ready' });
  port.on('message', (first: ToWriter) => {
    // every batch already waiting goes into this transaction, up to a message of another kind
    const batches: Batch[] = [];
    for (let message: ToWriter | undefined = first; message !== undefined; message = receiveMessageOnPort(port)?.message as ToWriter | undefined) {
      if (message.kind === 'batch') {
        batches.push(message);
        continue;
      }
      writer.write(batches.splice(0));
      if (message.kind === 'pragma') writer.pragma(message.request, message.pragma);
      else {
        writer.close();
        port.close();
        return;
      }
    }
    writer.write(batches);
  });
}

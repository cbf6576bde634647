import type Database from 'better-sqlite3';
import type { AppendResult } from '../event-store';
import type { HeldEvent } from '../retry-rule';
import { ReadStatements, TAKEN_IN_STREAM, readStatements } from './read-stream';
import { recentIdsMover } from './tables';
import type { AppendOutcome, AppendRequest, SerialisedEvent } from './writer-protocol';

/** Events per multi-row INSERT: 7 parameters a row stays far below SQLite's 32,766. */
const ROWS_PER_INSERT = 64;

interface InsertStatements {
  readonly events: Database.Statement<unknown[]>;
  readonly ids: Database.Statement<unknown[]>;
  readonly taken: Database.Statement<unknown[], string>;
}

/**
 * The writer thread's appends: a group written in one transaction, each append decided in order. It
 * checks first, reading only, then writes: a refused append has written nothing, so it needs no
 * savepoint to undo (savepoints cost a tenth of the throughput). An error while writing is not a
 * refusal but a failing database: it aborts the whole group.
 */
export class StreamAppends {
  private nextPosition = 0;
  private readonly reads: ReadStatements;
  private readonly inserts = new Map<number, InsertStatements>();
  private readonly insertStream: Database.Statement<[string, number]>;
  private readonly updateStream: Database.Statement<[number, number]>;
  private readonly group: Database.Transaction<(appends: readonly AppendRequest[]) => AppendOutcome[]>;

  constructor(private readonly db: Database.Database) {
    this.reads = readStatements(db);
    this.insertStream = db.prepare('INSERT INTO streams (stream_id, revision) VALUES (?, ?)');
    this.updateStream = db.prepare('UPDATE streams SET revision = ? WHERE stream_key = ?');
    const moveRecentIds = recentIdsMover(db);
    this.group = db.transaction((appends: readonly AppendRequest[]) => {
      // the position the next event gets: read in the transaction, as only this connection appends
      this.nextPosition = (this.reads.lastPosition.get() ?? 0) + 1;
      const outcomes = appends.map((append) => this.attempt(append));
      moveRecentIds();
      return outcomes;
    });
  }

  /** Writes the group (BEGIN IMMEDIATE … COMMIT) and returns what it decided for each append; throws when the commit fails. */
  write(appends: readonly AppendRequest[]): AppendOutcome[] {
    return this.group.immediate(appends);
  }

  private attempt({ streamId, expected, events }: AppendRequest): AppendOutcome {
    const stream = this.reads.stream.get(streamId);
    const current = stream?.revision ?? 0;
    // ids are unique per stream: a new stream holds none, and other streams' ids are no concern of this one
    if (expected !== 'any' && expected !== current) {
      const held = stream && this.held(stream.stream_key, events);
      return held?.some((row) => row !== undefined) ? { refused: 'revision', actual: current, held } : { refused: 'revision', actual: current };
    }
    const taken = stream && this.firstTakenId(stream.stream_key, events);
    if (taken !== undefined) return { refused: 'id', taken, held: this.held(stream!.stream_key, events) };
    return { result: this.insert(stream?.stream_key, streamId, current, events) };
  }

  private held(streamKey: number, events: readonly SerialisedEvent[]): (HeldEvent | undefined)[] {
    return events.map((e) => {
      const row = this.reads.eventInStream.get(e.idHash, e.idHash, e.id, streamKey);
      return row && { streamId: row.stream_id, revision: row.revision, position: row.position, type: row.type, data: row.data };
    });
  }

  /** The first id of `events` the stream holds already. */
  private firstTakenId(streamKey: number, events: readonly SerialisedEvent[]): string | undefined {
    for (let start = 0; start < events.length; start += ROWS_PER_INSERT) {
      const end = Math.min(start + ROWS_PER_INSERT, events.length);
      const hashes: number[] = [];
      for (let i = start; i < end; i++) hashes.push(events[i].idHash);
      for (const id of this.insertsFor(end - start).taken.all(...hashes, ...hashes, streamKey)) {
        if (events.some((e) => e.id === id)) return id;
      }
    }
    return undefined;
  }

  private insert(streamKey: number | undefined, streamId: string, current: number, events: readonly SerialisedEvent[]): AppendResult {
    const revision = current + events.length;
    if (streamKey === undefined) streamKey = Number(this.insertStream.run(streamId, revision).lastInsertRowid);
    else this.updateStream.run(revision, streamKey);
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
      const statements = this.insertsFor(end - start);
      statements.events.run(...eventParams);
      statements.ids.run(...idParams);
    }
    return { revision, position: this.nextPosition - 1 };
  }

  /** The multi-row statements for `rowCount` events, prepared once. */
  private insertsFor(rowCount: number): InsertStatements {
    let statements = this.inserts.get(rowCount);
    if (!statements) {
      const list = (row: string) => Array.from({ length: rowCount }, () => row).join(', ');
      statements = {
        events: this.db.prepare(`INSERT INTO events (position, stream_key, revision, event_id, type, data, meta) VALUES ${list('(?, ?, ?, ?, ?, ?, ?)')}`),
        ids: this.db.prepare(`INSERT INTO recent_event_ids (id_hash, position) VALUES ${list('(?, ?)')}`),
        taken: this.db.prepare<unknown[], string>(TAKEN_IN_STREAM(list('?'))).pluck(),
      };
      this.inserts.set(rowCount, statements);
    }
    return statements;
  }
}

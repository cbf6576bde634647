import type Database from 'better-sqlite3';
import type { EventRow } from '../event-row';

const COLUMNS = 'e.position, s.stream_id, e.revision, e.event_id, e.type, e.data, e.meta';

/** The positions whose id hash is among `hashes` (placeholders, given twice): candidates only, the id itself is compared in `events`. */
export const CANDIDATES = (hashes: string): string =>
  `SELECT position FROM recent_event_ids WHERE id_hash IN (${hashes}) UNION ALL SELECT position FROM event_ids WHERE id_hash IN (${hashes})`;

/**
 * The ids among the candidates for `hashes` (placeholders, given twice, then the stream key) that the
 * stream holds. The `+` keeps SQLite from reading the stream's every event through (stream_key,
 * revision) in place of the few candidates (1.3-1.5x slower appends: docs/performance-history.md).
 */
export const TAKEN_IN_STREAM = (hashes: string): string => `SELECT event_id FROM events WHERE position IN (${CANDIDATES(hashes)}) AND +stream_key = ?`;

/** The store's reads, on one connection: the main thread's, and the writer thread's (which checks revisions and ids with them). */
export const readStatements = (db: Database.Database) => ({
  stream: db.prepare<[string], { stream_key: number; revision: number }>('SELECT stream_key, revision FROM streams WHERE stream_id = ?'),
  /** (idHash, idHash, id): of the streams that hold the id, the first to begin with it, else the first to hold it */
  eventById: db.prepare<[number, number, string], EventRow<number>>(
    `SELECT ${COLUMNS} FROM events e JOIN streams s USING (stream_key) WHERE e.position IN (${CANDIDATES('?')}) AND e.event_id = ? ORDER BY e.revision <> 1, e.position LIMIT 1`,
  ),
  /** (idHash, idHash, id, stream key): ids are unique per stream, so one at most; the `+` as in TAKEN_IN_STREAM */
  eventInStream: db.prepare<[number, number, string, number], EventRow<number>>(
    `SELECT ${COLUMNS} FROM events e JOIN streams s USING (stream_key) WHERE e.position IN (${CANDIDATES('?')}) AND e.event_id = ? AND +e.stream_key = ?`,
  ),
  /** (streamId, from revision, limit) */
  forward: db.prepare<[string, number, number], EventRow<number>>(
    `SELECT ${COLUMNS} FROM streams s JOIN events e USING (stream_key) WHERE s.stream_id = ? AND e.revision >= ? ORDER BY e.revision LIMIT ?`,
  ),
  backward: db.prepare<[string, number, number], EventRow<number>>(
    `SELECT ${COLUMNS} FROM streams s JOIN events e USING (stream_key) WHERE s.stream_id = ? AND e.revision <= ? ORDER BY e.revision DESC LIMIT ?`,
  ),
  /** (after position, limit) */
  all: db.prepare<[number, number], EventRow<number>>(`SELECT ${COLUMNS} FROM events e JOIN streams s USING (stream_key) WHERE e.position > ? ORDER BY e.position LIMIT ?`),
  lastPosition: db.prepare<[], number | null>('SELECT max(position) FROM events').pluck(),
  snapshot: db.prepare<[string], string>('SELECT data FROM stream_snapshots WHERE key = ?').pluck(),
});

export type ReadStatements = ReturnType<typeof readStatements>;

import type Database from 'better-sqlite3';
import { hash, randomUUID } from 'node:crypto';

/*
 * Event ids are random (UUIDs), so an index on them takes its inserts all over the b-tree: with a
 * thousand ids a commit, nearly every page of it is rewritten at every commit, which cost more than
 * everything else together. So the id index is kept in two tables of 48-bit id hashes: the newest
 * ids in `recent_event_ids`, small enough that a commit touches few of its pages, moved in bulk to
 * `event_ids` every ID_BATCH ids. A hash only finds candidates: the id itself is compared in `events`,
 * and so is its stream (ids are unique per stream: the same id in several streams has a row for each).
 * `stream_snapshots` holds the stored snapshots (EventStore.writeSnapshot), the latest per key, out of
 * `events`: no position, no subscriber reads past them.
 */
const TABLES = `
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
CREATE TABLE IF NOT EXISTS stream_snapshots (
  key TEXT PRIMARY KEY,
  data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS store_identity (
  one INTEGER PRIMARY KEY CHECK (one = 1),
  store_id TEXT NOT NULL
);
`;

const ID_BATCH = 20_000;

/**
 * Each connection's page cache (PRAGMA cache_size, in KiB): the store's read connection's, the writer
 * thread's, and any other `openSqliteFile` opens without naming its own size. It holds the B-tree's upper pages and the recent streams; the rest comes from the
 * operating system's file cache. It fills to this bound as the file grows and its pages are read, so it
 * is part of what an instance keeps, and part of what grows in a long day until it is full (64 MB each
 * kept a filled instance ~100 MB above a fresh one; at 16 MB a 30-minute soak still grew past minute 5,
 * issue 26 §6).
 */
export const PAGE_CACHE_KIB = 8_192;

/** The first 48 bits of the id's SHA-1: part of the file format, never to change. */
export const idHash = (id: string): number => parseInt(hash('sha1', id, 'hex').slice(0, 12), 16);

/** Creates the tables a new file lacks, and returns the store's id (made the first time). */
export const createTables = (db: Database.Database): string => {
  db.exec(TABLES);
  db.prepare('INSERT OR IGNORE INTO store_identity (one, store_id) VALUES (1, ?)').run(randomUUID());
  return db.prepare<[], string>('SELECT store_id FROM store_identity').pluck().get()!;
};

/** What moves the newest ids to `event_ids` once there are ID_BATCH of them: run in each append transaction. */
export const recentIdsMover = (db: Database.Database): (() => void) => {
  const count = db.prepare<[], number>('SELECT count(*) FROM recent_event_ids').pluck();
  return () => {
    if (count.get()! >= ID_BATCH) db.exec('INSERT INTO event_ids SELECT * FROM recent_event_ids; DELETE FROM recent_event_ids;');
  };
};

import Database from 'better-sqlite3';
import { chmodSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { StorageCorrupt, StorageLocked, storageErrorOf, unopenableOf } from '../storage-errors';
import { PAGE_CACHE_KIB } from './tables';

export interface SqliteFileOptions {
  readonly synchronous: 'FULL' | 'NORMAL';
  /** run PRAGMA quick_check, and refuse a damaged file with StorageCorrupt (default true) */
  readonly quickCheck?: boolean;
  /**
   * Whose the file is while it is open (default 'connection'): this connection's alone, or this
   * process's, whose other connections (the event store's writer thread) may open it too.
   */
  readonly lock?: 'connection' | 'process';
  /** this connection's page cache in KiB (default PAGE_CACHE_KIB): better-sqlite3's own default is 16 MB */
  readonly pageCacheKib?: number;
}

/** Makes the data directory, 0700 (it holds every hidden card), if it is missing. */
export const ensureDataDir = (dir: string): void => {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw unopenableOf(error, dir);
  }
};

/** A file others could read (one an earlier version made 0644) made 0600; a missing one left alone. */
const ownerOnly = (path: string): void => {
  let mode: number;
  try {
    mode = statSync(path).mode;
  } catch {
    return;
  }
  if ((mode & 0o077) !== 0) chmodSync(path, 0o600);
};

/** Names the process that holds a database file, for the one refused. */
const holderFileOf = (file: string): string => `${file}.pid`;

const holderOf = (file: string): string => {
  try {
    const { pid, host, since } = JSON.parse(readFileSync(holderFileOf(file), 'utf8')) as { pid: number; host: string; since: string };
    return `pid ${pid} on ${host}, since ${since}, as ${holderFileOf(file)} says`;
  } catch {
    return `its pid is unknown: ${holderFileOf(file)} is missing`;
  }
};

/** The problems SQLite finds in the file ("quick": b-trees and pages; "full": also every index against its table); none when it is sound. */
export const integrityProblems = (db: Database.Database, depth: 'quick' | 'full'): string[] => {
  const rows = db.pragma(depth === 'quick' ? 'quick_check' : 'integrity_check', { simple: false }) as Record<string, string>[];
  const problems = rows.map((row) => Object.values(row)[0]);
  return problems.length === 1 && problems[0] === 'ok' ? [] : problems;
};

const toWal = (db: Database.Database, file: string): void => {
  const mode = db.pragma('journal_mode = WAL', { simple: true });
  if (mode !== 'wal') throw new Error(`SQLite refused WAL mode for ${file} (journal_mode is ${String(mode)})`);
};

/** WAL in exclusive locking mode, the lock taken at once: no other connection opens the file while this one has it. */
const lockForConnection = (db: Database.Database, file: string): void => {
  db.pragma('locking_mode = EXCLUSIVE');
  toWal(db, file);
  db.exec('BEGIN EXCLUSIVE; COMMIT');
};

/**
 * WAL in normal locking mode, with the proof that no other connection has the file: the exclusive lock,
 * taken once, then let go to the shared lock a WAL connection holds as long as it is open. Every other
 * process's connection is refused from then on (they take the exclusive lock too, and the catalog's
 * and the integrity check's keep it), while this process's others open it beside this one.
 */
const lockForProcess = (db: Database.Database, file: string): void => {
  toWal(db, file);
  // a new, empty file is in WAL mode only once a page of it is written; the lock must not be taken before
  if (db.pragma('page_count', { simple: true }) === 0) db.pragma(`user_version = ${db.pragma('user_version', { simple: true }) as number}`);
  db.pragma('locking_mode = EXCLUSIVE');
  db.exec('BEGIN EXCLUSIVE; COMMIT');
  const mode = db.pragma('locking_mode = NORMAL', { simple: true });
  if (mode !== 'normal') throw new Error(`SQLite kept ${file} in ${String(mode)} locking mode`);
  // the next read lets the exclusive lock go, to the shared one
  db.pragma('user_version');
};

/**
 * Opens a matchlog database file for this process alone:
 * - created 0600 (SQLite gives its -wal and -shm files the database's mode) in a directory created
 *   0700; files an earlier version left readable by others are made 0600;
 * - WAL, the file's lock taken at once (`lock`: this connection's, or this process's): a second
 *   process is refused with StorageLocked, naming the holder from `<file>.pid`. The OS drops the lock
 *   when its process dies, so a crash leaves no stale lock (a stale `.pid` file only names a holder,
 *   it never blocks);
 * - a damaged file (quick_check, or not a database at all) is refused with StorageCorrupt; a file or
 *   directory that cannot be made, opened or written with StorageUnopenable.
 */
export const openSqliteFile = (file: string, options: SqliteFileOptions): Database.Database => {
  ensureDataDir(dirname(file));
  try {
    writeFileSync(file, '', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw unopenableOf(error, file);
  }
  let db: Database.Database;
  try {
    db = new Database(file, { timeout: 0 });
  } catch (error) {
    throw unopenableOf(storageErrorOf(error, file), file);
  }
  try {
    if (options.lock === 'process') lockForProcess(db, file);
    else lockForConnection(db, file);
    db.pragma(`synchronous = ${options.synchronous}`);
    db.pragma('busy_timeout = 5000');
    db.pragma(`cache_size = -${options.pageCacheKib ?? PAGE_CACHE_KIB}`);
    if (options.quickCheck ?? true) {
      const problems = integrityProblems(db, 'quick');
      if (problems.length > 0) throw new StorageCorrupt(file, `quick_check: ${problems.slice(0, 3).join('; ')}`);
    }
    for (const suffix of ['', '-wal', '-shm']) ownerOnly(file + suffix);
    writeFileSync(holderFileOf(file), JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }), { mode: 0o600 });
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') throw new StorageLocked(file, holderOf(file));
    throw unopenableOf(storageErrorOf(error, file), file);
  }
  return db;
};

/** Closes a database `openSqliteFile` opened, and takes this process's name off it. */
export const closeSqliteFile = (db: Database.Database, file: string): void => {
  if (!db.open) return;
  db.close();
  try {
    if ((JSON.parse(readFileSync(holderFileOf(file), 'utf8')) as { pid: number }).pid === process.pid) rmSync(holderFileOf(file), { force: true });
  } catch {
    // already gone, or another process's: nothing to take back
  }
};

/**
 * SQLite's full integrity check of a database file (every page, and every index against its table):
 * the problems found, none when it is sound. It takes the file's lock, so it refuses a file a running
 * server holds (StorageLocked).
 */
export const fullIntegrityProblems = (file: string): string[] => {
  let db: Database.Database;
  try {
    db = openSqliteFile(file, { synchronous: 'NORMAL', quickCheck: false });
  } catch (error) {
    if (error instanceof StorageCorrupt) return [error.detail];
    throw error;
  }
  try {
    return integrityProblems(db, 'full');
  } catch (error) {
    const meant = storageErrorOf(error, file);
    if (meant instanceof StorageCorrupt) return [meant.detail];
    throw meant;
  } finally {
    closeSqliteFile(db, file);
  }
};

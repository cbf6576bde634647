import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, writeSync } from 'node:fs';
import { SqliteEventStore } from '@matchlog/store';

/**
 * Overwrites the middle third of a closed SQLite file's pages with garbage, keeping page 1 (the
 * header and schema) intact: a file that opens, but whose tables are damaged. The garbage is fixed
 * (a hash chain), so every run damages the same bytes.
 */
export const damageMiddlePages = (file: string, pageSize = 4096): void => {
  const fd = openSync(file, 'r+');
  try {
    const pages = Math.floor(fstatSync(fd).size / pageSize);
    if (pages < 6) throw new Error(`${file} has ${pages} pages: too few to damage its middle`);
    let block = createHash('sha256').update('matchlog damage').digest();
    for (let page = Math.floor(pages / 3); page < Math.ceil((2 * pages) / 3); page++) {
      const garbage = Buffer.alloc(pageSize);
      for (let at = 0; at < pageSize; at += block.length) {
        block = createHash('sha256').update(block).digest();
        block.copy(garbage, at);
      }
      writeSync(fd, garbage, 0, pageSize, page * pageSize);
    }
  } finally {
    closeSync(fd);
  }
};

/** The connection of a SqliteEventStore, which it keeps to itself: only tests reach in, to fill its disk. */
export const connectionOf = (store: SqliteEventStore): Database.Database => (store as unknown as { db: Database.Database }).db;

/**
 * A full disk, deterministically: PRAGMA max_page_count caps the file at its current size, so the
 * next write that needs a new page fails with SQLITE_FULL, as ENOSPC does. Returns how to give the room back.
 */
export const fillUp = (db: Database.Database): (() => void) => {
  const room = db.pragma('max_page_count', { simple: true }) as number;
  db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
  return () => db.pragma(`max_page_count = ${room}`);
};

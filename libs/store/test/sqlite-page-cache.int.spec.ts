import { SqliteEventStore, closeSqliteFile, openSqliteEventStore, openSqliteFile } from '@matchlog/store';
import type Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAGE_CACHE_KIB } from '../src/sqlite/tables';

/** The store's connections, which it keeps to itself: only tests reach in. */
const insides = (store: SqliteEventStore) => store as unknown as { db: Database.Database; writer: { pragma(p: string): Promise<unknown> } };

/**
 * Every connection's page cache is bounded: it grows with each page read or written until it is full,
 * so an unbounded or large one is memory a long day keeps adding to (issue 26 §6). better-sqlite3's
 * own default is 16,000 KiB; PRAGMA cache_size answers a bound in KiB as a negative number.
 */
describe('SQLite page caches', () => {
  const base = mkdtempSync(join(tmpdir(), 'matchlog-page-cache-'));
  let n = 0;
  const freshFile = () => join(base, `d${++n}`, 'events.sqlite');
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('a file opened without a size gets the store-wide bound', () => {
    const file = freshFile();
    const db = openSqliteFile(file, { synchronous: 'NORMAL' });
    try {
      expect(db.pragma('cache_size', { simple: true })).toBe(-PAGE_CACHE_KIB);
      expect(PAGE_CACHE_KIB).toBeLessThan(16_000);
    } finally {
      closeSqliteFile(db, file);
    }
  });

  it('a file opened with a size gets that size', () => {
    const file = freshFile();
    const db = openSqliteFile(file, { synchronous: 'NORMAL', pageCacheKib: 1_024 });
    try {
      expect(db.pragma('cache_size', { simple: true })).toBe(-1_024);
    } finally {
      closeSqliteFile(db, file);
    }
  });

  it("the event store's read connection and its writer thread are both bounded", async () => {
    const store = openSqliteEventStore(join(base, `d${++n}`));
    try {
      expect(insides(store).db.pragma('cache_size', { simple: true })).toBe(-PAGE_CACHE_KIB);
      expect(await insides(store).writer.pragma('cache_size')).toBe(-PAGE_CACHE_KIB);
    } finally {
      await store.close();
    }
  });
});

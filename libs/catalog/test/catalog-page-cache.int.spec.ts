import { openCatalog } from '@matchlog/catalog';
import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The catalog's page cache is bounded, and small: each match projected writes new pages, each of which
 * takes a slot until the cache is full, so at better-sqlite3's default (16,000 KiB) a long day's RSS kept
 * growing (issue 26 §6). PRAGMA cache_size answers a bound in KiB as a negative number.
 */
it('the SQLite catalog opens with a page cache of at most 4 MB', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'matchlog-catalog-cache-'));
  const db = await openCatalog(dir);
  try {
    const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(db);
    expect(rows[0].cache_size).toBeLessThan(0);
    expect(-rows[0].cache_size).toBeLessThanOrEqual(4_096);
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
});

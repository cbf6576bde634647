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

/** The write connection's PRAGMAs of a SqliteEventStore, whose writer thread it keeps to itself: only tests reach in, to fill its disk. */
const writerPragma = (store: SqliteEventStore): ((pragma: string) => Promise<unknown>) => {
  const writer = (store as unknown as { writer: { pragma(pragma: string): Promise<unknown> } }).writer;
  return (pragma) => writer.pragma(pragma);
};

/**
 * A full disk, deterministically: PRAGMA max_page_count caps the file at its current size, so the
 * next write that needs a new page fails with SQLITE_FULL, as ENOSPC does. Returns how to give the room back.
 */
export const fillUp = async (store: SqliteEventStore): Promise<() => Promise<void>> => {
  const pragma = writerPragma(store);
  const room = (await pragma('max_page_count')) as number;
  await pragma(`max_page_count = ${(await pragma('page_count')) as number}`);
  return async () => {
    await pragma(`max_page_count = ${room}`);
  };
};

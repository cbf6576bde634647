import { Hash, decodeHash } from '@matchlog/ledger';
import { LogDb } from './log-tables';

/** The stored hashes at these indexes (sumdb/tlog numbering), read 500 at a time. */
export const storedHashes = async (db: LogDb, indexes: readonly number[]): Promise<Map<number, Hash>> => {
  const found = new Map<number, Hash>();
  for (let at = 0; at < indexes.length; at += 500) {
    const rows = await db
      .selectFrom('log_hashes')
      .selectAll()
      .where('idx', 'in', indexes.slice(at, at + 500))
      .execute();
    for (const row of rows) found.set(Number(row.idx), decodeHash(row.hash)!);
  }
  return found;
};

/** A proof from stored hashes: the indexes it reads, fetched first (a HashReader is synchronous). */
export const proofFromStore = async (db: LogDb, prove: (read: (indexes: readonly number[]) => Hash[]) => Hash[]): Promise<Hash[]> => {
  const wanted: number[] = [];
  prove((indexes) => {
    wanted.push(...indexes);
    return indexes.map(() => Buffer.alloc(32));
  });
  const hashes = await storedHashes(db, wanted);
  return prove((indexes) => indexes.map((i) => hashes.get(i)!));
};

import { Kysely } from 'kysely';
import { CatalogTables } from '@matchlog/catalog';

/** The log's tables in the catalog database (migrations/013_log.ts). */
export interface LogTables {
  log_entries: { idx: number; match_id: string; kind: string; revision: number; entry: string };
  /** a stored hash (sumdb/tlog numbering), base64 */
  log_hashes: { idx: number; hash: string };
  /** the one row `log`: the tree size and the latest signed checkpoint at it (null before the first) */
  log_state: { name: string; size: number; checkpoint: string | null };
}

export type LogDb = Kysely<CatalogTables & LogTables>;

export const LOG_STATE = 'log';

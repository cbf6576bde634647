import { Kysely } from 'kysely';
import { CatalogTables } from '@matchlog/catalog';

/** The log's tables in the catalog database (migrations/013_log.ts). */
export interface LogTables {
  /** a match's entry names its match and revision; a round's (round-closed) its event, round and slip hash */
  log_entries: { idx: number; match_id: string | null; kind: string; revision: number | null; event: string | null; round: number | null; slip: string | null; entry: string };
  /** a stored hash (sumdb/tlog numbering), base64 */
  log_hashes: { idx: number; hash: string };
  /**
   * the one row `log`: the tree size, the latest signed checkpoint at it and the ISO time it was signed (null before
   * the first); the published checkpoint (cosigned by the witnesses' quorum, every cosignature collected appended),
   * its size and the ISO time the log signed it (null before the first is published)
   */
  log_state: {
    name: string;
    size: number;
    checkpoint: string | null;
    signed_at: string | null;
    published: string | null;
    published_size: number | null;
    published_at: string | null;
  };
  /** each slip the organizer closed a round with (POST /rounds/close), once: its entry's text, which the sequencer integrates */
  log_round_closes: { event: string; round: number; slip: string; entry: string; closed_at: string };
}

export type LogDb = Kysely<CatalogTables & LogTables>;

export const LOG_STATE = 'log';

import { CatalogDb } from '@matchlog/catalog';
import { RoundCount, parseRoundEntry } from '@matchlog/ledger';
import { RoundEntryNotFound } from '../errors';
import { RoundResultsReader } from '../results/round-results';
import { LogDb } from './log-tables';
import { LogReader } from './log-reader';
import { slipHash } from './round-closer';

/** One closing of a round in the log: GET /rounds/log. */
export interface RoundLogEntry {
  /** its index in the log; null while the sequencer has yet to integrate it */
  readonly index: number | null;
  /** sha256 (lowercase hex) of the slip's canonical JSON */
  readonly slip: string;
  readonly counts: readonly RoundCount[];
  readonly closedAt: string;
  /** whether it is the slip a spectator reads now (GET /rounds/results): false once a result changed after it */
  readonly current: boolean;
  /** the path of its `.tlog-proof` file (GET /rounds/log/proof), null until the latest checkpoint holds it */
  readonly proof: string | null;
}

export interface RoundLog {
  readonly event: string;
  readonly round: number;
  /** in the order they were closed: the last is the latest */
  readonly entries: readonly RoundLogEntry[];
}

/** The round's entries in the server's log, and their proofs: public, as the entries are. */
export class RoundLogReader {
  private readonly db: LogDb;

  constructor(
    catalog: CatalogDb,
    private readonly log: LogReader,
    private readonly results: RoundResultsReader,
  ) {
    this.db = catalog as unknown as LogDb;
  }

  async entries(event: string, round: number): Promise<RoundLog> {
    const rows = await this.db
      .selectFrom('log_round_closes as c')
      .leftJoin('log_entries as e', (join) => join.onRef('e.event', '=', 'c.event').onRef('e.round', '=', 'c.round').onRef('e.slip', '=', 'c.slip'))
      .select(['c.slip', 'c.entry', 'c.closed_at', 'e.idx'])
      .where('c.event', '=', event)
      .where('c.round', '=', round)
      .execute();
    const current = rows.length === 0 ? '' : slipHash(await this.results.results({ kind: 'anonymous' }, event, round));
    const size = await this.log.size();
    const entries = rows
      .map((row) => {
        const index = row.idx === null ? null : Number(row.idx);
        return {
          index,
          slip: row.slip,
          counts: parseRoundEntry(row.entry).counts,
          closedAt: row.closed_at,
          current: row.slip === current,
          proof: index !== null && index < size ? proofPath(event, round, row.slip) : null,
        };
      })
      .sort((a, b) => (a.index ?? Infinity) - (b.index ?? Infinity) || a.closedAt.localeCompare(b.closedAt));
    return { event, round, entries };
  }

  /** The `.tlog-proof` of the round's entry with that slip, against the latest checkpoint. */
  async proof(event: string, round: number, slip: string): Promise<string> {
    const row = await this.db.selectFrom('log_entries').select('idx').where('event', '=', event).where('round', '=', round).where('slip', '=', slip).executeTakeFirst();
    const proved = row === undefined ? undefined : await this.log.proofAt(Number(row.idx));
    if (proved === undefined) throw new RoundEntryNotFound(event, round, slip);
    return proved.proof;
  }
}

const proofPath = (event: string, round: number, slip: string): string => `/rounds/log/proof?${new URLSearchParams({ event, round: String(round), slip }).toString()}`;

import { SignedHead } from '@matchlog/audit';
import { CatalogDb } from '@matchlog/catalog';
import { formatMatchEntry } from '@matchlog/ledger';
import { TimeSource } from '../ports';
import { LogSequencer } from './log-sequencer';
import { LogDb } from './log-tables';

/** `POST /matches/:id/log`: the receipt entered, and its index once the sequencer integrated it (null until then). */
export interface LoggedReceipt {
  readonly entry: string;
  readonly revision: number;
  readonly index: number | null;
}

/**
 * Enters public receipts into the log on request: staged once per match and revision (a second request for the
 * same head finds the first), integrated by the log's one sequencer. Only a head the public may see at the
 * time comes here (MatchIntegrity.logReceipt), as every entry is public.
 */
export class ReceiptLogger {
  private readonly db: LogDb;

  constructor(
    catalog: CatalogDb,
    private readonly sequencer: Pick<LogSequencer, 'flush'>,
    private readonly time: TimeSource,
    private readonly onError: (error: unknown) => void = (error) => console.error('log: a requested receipt waits for the next interval:', error),
  ) {
    this.db = catalog as unknown as LogDb;
  }

  /** `created`: whether this request staged the receipt (201), or found it staged already (200). */
  async enter(receipt: SignedHead): Promise<{ created: boolean; logged: LoggedReceipt }> {
    const { matchId, revision, hash } = receipt.head;
    const entry = formatMatchEntry({ kind: 'receipt', matchId, revision, head: hash, kid: receipt.head.kid });
    const inserted = await this.db
      .insertInto('log_receipts')
      .values({ match_id: matchId, revision, entry, requested_at: new Date(this.time.now()).toISOString() })
      .onConflict((conflict) => conflict.columns(['match_id', 'revision']).doNothing())
      .returning('revision')
      .executeTakeFirst();
    await this.sequencer.flush().catch(this.onError);
    const row = await this.db
      .selectFrom('log_receipts as r')
      .leftJoin('log_entries as e', (join) => join.onRef('e.match_id', '=', 'r.match_id').onRef('e.revision', '=', 'r.revision').on('e.kind', '=', 'receipt'))
      .select(['r.entry', 'e.idx'])
      .where('r.match_id', '=', matchId)
      .where('r.revision', '=', revision)
      .executeTakeFirstOrThrow();
    return { created: inserted !== undefined, logged: { entry: row.entry, revision, index: row.idx === null ? null : Number(row.idx) } };
  }
}

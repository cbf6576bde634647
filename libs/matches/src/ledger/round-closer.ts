import { createHash, KeyObject } from 'node:crypto';
import { canonicalJson, publicJwkOf } from '@matchlog/audit';
import { CatalogDb } from '@matchlog/catalog';
import { LedgerError, RoundCount, RoundEntry, formatRoundEntry } from '@matchlog/ledger';
import { EventStore } from '@matchlog/store';
import { RoundNotClosable } from '../errors';
import { TimeSource } from '../ports';
import { RoundResults, RoundResultsReader } from '../results/round-results';
import { LogDb } from './log-tables';
import { LogSequencer } from './log-sequencer';

/** POST /rounds/close: the round's entry, its index in the log once the sequencer integrated it (null while pending), and the slip's hash. */
export interface RoundClosed {
  readonly event: string;
  readonly round: number;
  /** sha256 (lowercase hex) of the slip's canonical JSON (RFC 8785): the slip GET /rounds/results answers a spectator */
  readonly slip: string;
  /** the round-closed entry's text (matchlog/entry/v1) */
  readonly entry: string;
  readonly index: number | null;
  /** when the round was first closed with this slip */
  readonly closedAt: string;
}

/** The sha256 (lowercase hex) of a slip's canonical JSON (RFC 8785, libs/audit canonicalJson): what anyone recomputes from GET /rounds/results. */
export const slipHash = (slip: RoundResults): string => createHash('sha256').update(canonicalJson(slip), 'utf8').digest('hex');

/**
 * Closes a round: enters its result slip in the server's log as a round-closed entry, staged in
 * log_round_closes for the log's sequencer (the one writer of the tree) and integrated at once.
 *
 * A round closes only when it is over as a spectator sees it, since its entry is public: it has a game, every
 * table is decided, no game is in progress, and the slip a spectator reads is the organizer's (a broadcast
 * delay holds no end or void back). Otherwise RoundNotClosable names each reason. Closed again with the same
 * slip it answers the first entry and enters nothing; with another slip (a result changed) it enters a new entry.
 */
export class RoundCloser {
  private readonly db: LogDb;
  private readonly kid: string;

  constructor(
    catalog: CatalogDb,
    private readonly store: Pick<EventStore, 'readStream'>,
    private readonly results: RoundResultsReader,
    private readonly sequencer: Pick<LogSequencer, 'flush'>,
    private readonly time: TimeSource,
    signingKey: KeyObject,
    private readonly onError: (error: unknown) => void = (error) => console.error('log: a closed round waits for the next interval:', error),
  ) {
    this.db = catalog as unknown as LogDb;
    this.kid = publicJwkOf(signingKey).kid!;
  }

  /** `created`: whether this call entered the slip (201), or found it closed with it already (200). */
  async close(event: string, round: number): Promise<{ created: boolean; closed: RoundClosed }> {
    const { organizer, spectator } = await this.results.toClose(event, round);
    const reasons = await this.notOver(organizer, spectator);
    if (reasons.length > 0) throw new RoundNotClosable(event, round, reasons);
    const slip = slipHash(spectator);
    const counted = spectator.tables.flatMap((table) => table.games.filter((game) => !game.voided).map((game) => game.matchId));
    const counts = await this.countsOf(counted, reasons);
    if (reasons.length > 0) throw new RoundNotClosable(event, round, reasons);
    const entry = this.entryOf({ kind: 'round-closed', event, round, slip, counts, kid: this.kid });
    const inserted = await this.db
      .insertInto('log_round_closes')
      .values({ event, round, slip, entry, closed_at: new Date(this.time.now()).toISOString() })
      .onConflict((conflict) => conflict.columns(['event', 'round', 'slip']).doNothing())
      .returning('slip')
      .executeTakeFirst();
    await this.sequencer.flush().catch(this.onError);
    const row = await this.db
      .selectFrom('log_round_closes as c')
      .leftJoin('log_entries as e', (join) => join.onRef('e.event', '=', 'c.event').onRef('e.round', '=', 'c.round').onRef('e.slip', '=', 'c.slip'))
      .select(['c.entry', 'c.closed_at', 'e.idx'])
      .where('c.event', '=', event)
      .where('c.round', '=', round)
      .where('c.slip', '=', slip)
      .executeTakeFirstOrThrow();
    return {
      created: inserted !== undefined,
      closed: { event, round, slip, entry: row.entry, index: row.idx === null ? null : Number(row.idx), closedAt: row.closed_at },
    };
  }

  /** The entry's text; a round of more games than an entry holds (about 650) cannot be logged. */
  private entryOf(entry: RoundEntry): string {
    try {
      return formatRoundEntry(entry);
    } catch (error) {
      if (error instanceof LedgerError) throw new RoundNotClosable(entry.event, entry.round, [`its entry cannot be logged: ${error.message}`]);
      throw error;
    }
  }

  /** Why the round is not over as a spectator sees it: nothing when it is. */
  private async notOver(organizer: RoundResults, spectator: RoundResults): Promise<string[]> {
    if (organizer.tables.length === 0) return ['no game is recorded in it'];
    const reasons: string[] = [];
    const seen = new Map(spectator.tables.flatMap((table) => table.games.map((game) => [game.matchId, game] as const)));
    const held: string[] = [];
    for (const table of organizer.tables) {
      const at = table.table === null ? 'with no table number' : `at table ${table.table}`;
      const live = table.games.filter((game) => !game.ended && !game.voided).map((game) => game.matchId);
      if (live.length > 0) reasons.push(`game ${live.join(', ')} ${at} is in progress`);
      else if (!table.result.decided) reasons.push(`the match ${at} is not decided (a game still to play, or a game number recorded twice)`);
      for (const game of table.games) {
        const public_ = seen.get(game.matchId);
        if (public_ === undefined || public_.ended !== game.ended || public_.voided !== game.voided) held.push(game.matchId);
      }
    }
    if (held.length > 0) reasons.push(`a broadcast delay still holds back from spectators the start, end or void of game ${held.join(', ')}`);
    else if (reasons.length === 0 && canonicalJson(organizer) !== canonicalJson(spectator)) reasons.push('a broadcast delay still holds back part of the slip from spectators');
    return reasons;
  }

  /** Each counted game at its end, sorted by match id; a reason for each that has no public head. */
  private async countsOf(matchIds: readonly string[], reasons: string[]): Promise<RoundCount[]> {
    const ended = new Map(
      matchIds.length === 0
        ? []
        : (await this.db.selectFrom('matches').select(['match_id', 'ended_revision']).where('match_id', 'in', matchIds).execute()).map(
            (row) => [row.match_id, row.ended_revision] as const,
          ),
    );
    const counts: RoundCount[] = [];
    for (const matchId of [...matchIds].sort()) {
      const revision = ended.get(matchId);
      const [created] = await this.store.readStream(matchId, { from: 1, maxCount: 1 });
      const [event] = revision == null ? [] : await this.store.readStream(matchId, { from: Number(revision), maxCount: 1 });
      const head = (event?.meta as { hash?: unknown } | undefined)?.hash;
      // as the sequencer: a match recorded before chain salts has no public head (its unsalted hashes could name hidden cards)
      if ((created?.meta as { chainSalt?: unknown } | undefined)?.chainSalt === undefined || typeof head !== 'string')
        reasons.push(`game ${matchId} was recorded before chain salts, so its head may not be made public (docs/explanation/integrity.md), so the round cannot be logged`);
      else counts.push({ matchId, revision: Number(revision), head });
    }
    return counts;
  }
}

import { ID, MatchCreated, MatchEnded, holdsBackPublic } from '@matchlog/domain';
import { StoredEvent } from '@matchlog/store';
import { matchOfTokenStream } from '@matchlog/tokens';
import { Kysely, Transaction } from 'kysely';
import { CATALOG, clearCatalog } from './catalog-checkpoint';
import { CatalogTables } from './catalog-schema';
import { shownFromOf, waitedAt } from './hold-back';
import { searchKey } from './search-key';
import { applyTokenEvents } from './token-table';
import { Projection, UnappliableEvent, applyAfterCheckpoint, transactionOf } from './projector';

/**
 * One batch into the catalog, in one transaction, after the checkpoint it reads under a row lock
 * (applyAfterCheckpoint). Returns the checkpoint after the batch.
 */
export const projectBatch = (db: Kysely<CatalogTables>, storeId: string, events: readonly StoredEvent[]): Promise<number> =>
  transactionOf(db)((trx) => applyAfterCheckpoint(trx, catalogProjection, storeId, events));

/** The catalog as a projection of the projector: the matches, their players, the search keys and the tokens. */
export const catalogProjection: Projection<void> = {
  name: CATALOG,
  apply: (trx, events) => projectIntoCatalog(trx, events),
  truncate: clearCatalog,
};

/*
 * Only the projection's own reading of an event's data decides that the event cannot be applied
 * (UnappliableEvent): a failure of the database is retried and never skipped, and so is anything in a
 * match's token stream (a revocation skipped would leave a token working).
 */
/** What `read` makes of the event's data, or UnappliableEvent when its data is not what its type says. */
const readData = <T>(event: StoredEvent, read: () => T): T => {
  try {
    return read();
  } catch (cause) {
    throw new UnappliableEvent(event, cause);
  }
};

const stampOf = (event: StoredEvent): string | undefined => (event.meta as { recordedAt?: string } | undefined)?.recordedAt;
const recordedAt = (event: StoredEvent): string => stampOf(event) ?? new Date(0).toISOString();

/** A fact's revision, and where the match holds its public side back, when the fact has waited out the delay's seconds (hold-back.ts). */
const factOf = async (trx: Transaction<CatalogTables>, event: StoredEvent): Promise<{ revision: number; from: string | null }> => {
  const row = await trx.selectFrom('matches').select(['hold_back_events', 'hold_back_seconds']).where('match_id', '=', event.streamId).executeTakeFirst();
  return { revision: event.revision, from: row?.hold_back_events == null ? null : waitedAt(stampOf(event), row.hold_back_seconds ?? 0) };
};

/**
 * Applies events to the catalog's tables in the caller's transaction (projectBatch moves the
 * checkpoint). Within a batch only each match's latest revision matters, so it is written once.
 */
export const projectIntoCatalog = async (trx: Transaction<CatalogTables>, events: readonly StoredEvent[]): Promise<void> => {
  const latest = new Map<string, number>();
  for (const event of events) {
    const tokensOf = matchOfTokenStream(event.streamId);
    if (tokensOf !== null) {
      await applyTokenEvents(trx, tokensOf, [event]);
      continue;
    }
    // any other stream whose name is no match id (a match's `snapshots@…`) is not the catalog's
    if (!ID.test(event.streamId)) continue;
    const matchId = event.streamId;
    if (event.type === 'MatchCreated') await insertMatch(trx, event);
    if (event.type === 'MatchEnded') {
      const ended = readData(event, () => {
        const data = event.data as MatchEnded;
        return { status: 'ended' as const, winner: data.winner ?? null, draw: data.draw === true ? 1 : 0, end_reason: data.reason, ended_at: recordedAt(event) };
      });
      const { revision, from } = await factOf(trx, event);
      await trx
        .updateTable('matches')
        .set({ ...ended, ended_revision: revision, ended_public_from: from })
        .where('match_id', '=', matchId)
        .execute();
    }
    if (event.type === 'TimeCalled') {
      const { revision, from } = await factOf(trx, event);
      await trx.updateTable('matches').set({ time_called: 1, time_called_revision: revision, time_called_public_from: from }).where('match_id', '=', matchId).execute();
    }
    if (event.type === 'MatchVoided') {
      const { revision, from } = await factOf(trx, event);
      await trx.updateTable('matches').set({ voided: 1, voided_revision: revision, voided_public_from: from }).where('match_id', '=', matchId).execute();
    }
    latest.set(matchId, event.revision);
  }
  for (const [matchId, revision] of latest) {
    const head = { event_count: revision, last_revision: revision };
    // a held-back match's facts: when each is shown, now that the head moved (hold-back.ts: the domain's rule over the row)
    const row = await trx.selectFrom('matches').selectAll().where('match_id', '=', matchId).executeTakeFirst();
    const moved = row === undefined || row.hold_back_events === null ? head : { ...head, ...shownFromOf({ ...row, ...head }) };
    await trx.updateTable('matches').set(moved).where('match_id', '=', matchId).execute();
  }
};

/** A name's search key; none for a name that is absent (or, in an event written past validation, not text). */
const keyOf = (name: unknown): string | null => (typeof name === 'string' ? searchKey(name) : null);

const insertMatch = async (trx: Transaction<CatalogTables>, event: StoredEvent): Promise<void> => {
  const matchId = event.streamId;
  const { match, players } = readData(event, () => {
    const data = event.data as MatchCreated;
    const delay = data.broadcastDelay;
    const heldBack = holdsBackPublic(delay);
    return {
      match: {
        match_id: matchId,
        game: data.game,
        tournament_event: data.tournament?.event ?? null,
        event_key: keyOf(data.tournament?.event),
        round: data.tournament?.round ?? null,
        table_number: data.tournament?.table ?? null,
        game_number: data.tournament?.game ?? null,
        best_of: data.tournament?.bestOf ?? null,
        format: data.tournament?.format ?? null,
        single_elimination: data.tournament?.singleElimination === true ? 1 : 0,
        voided: 0,
        status: 'live' as const,
        winner: null,
        end_reason: null,
        draw: 0,
        time_called: 0,
        started_at: recordedAt(event),
        ended_at: null,
        event_count: event.revision,
        last_revision: event.revision,
        hold_back_events: heldBack ? (delay.events ?? 0) : null,
        hold_back_seconds: heldBack ? (delay.seconds ?? 0) : null,
        public_from: heldBack ? waitedAt(stampOf(event), delay.seconds ?? 0) : null,
        ended_revision: null,
        ended_public_from: null,
        time_called_revision: null,
        time_called_public_from: null,
        voided_revision: null,
        voided_public_from: null,
        created_shown_from: null,
        ended_shown_from: null,
        time_called_shown_from: null,
        voided_shown_from: null,
      },
      players: data.players.map((player, seat) => ({ match_id: matchId, player_id: player.id, name: player.name ?? null, name_key: keyOf(player.name), seat })),
    };
  });
  await trx
    .insertInto('matches')
    .values(match)
    .onConflict((c) => c.column('match_id').doNothing())
    .execute();
  await trx
    .insertInto('match_players')
    .values(players)
    .onConflict((c) => c.columns(['match_id', 'player_id']).doNothing())
    .execute();
};

import { MatchCreated, MatchEnded } from '@matchlog/domain';
import { StoredEvent } from '@matchlog/store';
import { Transaction } from 'kysely';
import { CatalogTables } from './catalog-schema';
import { applyTokenEvents, matchOfTokenStream } from './tokens';

export const CATALOG = 'catalog';

const recordedAt = (event: StoredEvent): string =>
  (event.meta as { recordedAt?: string } | undefined)?.recordedAt ?? new Date(0).toISOString();

/**
 * Applies a batch of events to the catalog and moves the checkpoint past the last, in the caller's
 * transaction. Within a batch only each match's latest revision matters, so it is written once.
 */
export const projectIntoCatalog = async (trx: Transaction<CatalogTables>, events: readonly StoredEvent[]): Promise<void> => {
  const latest = new Map<string, number>();
  for (const event of events) {
    const tokensOf = matchOfTokenStream(event.streamId);
    if (tokensOf !== null) {
      await applyTokenEvents(trx, tokensOf, [event]);
      continue;
    }
    const matchId = event.streamId;
    if (event.type === 'MatchCreated') await insertMatch(trx, event);
    if (event.type === 'MatchEnded') {
      const data = event.data as MatchEnded;
      await trx
        .updateTable('matches')
        .set({ status: 'ended', winner: data.winner ?? null, end_reason: data.reason, ended_at: recordedAt(event) })
        .where('match_id', '=', matchId)
        .execute();
    }
    latest.set(matchId, event.revision);
  }
  for (const [matchId, revision] of latest) {
    await trx.updateTable('matches').set({ event_count: revision, last_revision: revision }).where('match_id', '=', matchId).execute();
  }
  const position = events[events.length - 1].position;
  await trx
    .insertInto('projection_checkpoints')
    .values({ projection: CATALOG, position })
    .onConflict((c) => c.column('projection').doUpdateSet({ position }))
    .execute();
};

const insertMatch = async (trx: Transaction<CatalogTables>, event: StoredEvent): Promise<void> => {
  const data = event.data as MatchCreated;
  const matchId = event.streamId;
  await trx
    .insertInto('matches')
    .values({
      match_id: matchId,
      game: data.game,
      tournament_event: data.tournament?.event ?? null,
      round: data.tournament?.round ?? null,
      table_number: data.tournament?.table ?? null,
      status: 'live',
      winner: null,
      end_reason: null,
      started_at: recordedAt(event),
      ended_at: null,
      event_count: event.revision,
      last_revision: event.revision,
    })
    .onConflict((c) => c.column('match_id').doNothing())
    .execute();
  await trx
    .insertInto('match_players')
    .values(data.players.map((player, seat) => ({ match_id: matchId, player_id: player.id, name: player.name ?? null, seat })))
    .onConflict((c) => c.columns(['match_id', 'player_id']).doNothing())
    .execute();
};

import { MatchCreated, MatchEnded } from '@matchlog/domain';
import { StoredEvent } from '@matchlog/store';
import { Transaction } from 'kysely';
import { CatalogTables } from './catalog-schema';

export const CATALOG = 'catalog';

const recordedAt = (event: StoredEvent): string =>
  (event.meta as { recordedAt?: string } | undefined)?.recordedAt ?? new Date(0).toISOString();

/** Applies one event to the catalog and moves the checkpoint past it, in the caller's transaction. */
export const projectIntoCatalog = async (trx: Transaction<CatalogTables>, event: StoredEvent): Promise<void> => {
  const matchId = event.streamId;
  if (event.type === 'MatchCreated') {
    const data = event.data as MatchCreated;
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
  } else if (event.type === 'MatchEnded') {
    const data = event.data as MatchEnded;
    await trx
      .updateTable('matches')
      .set({ status: 'ended', winner: data.winner ?? null, end_reason: data.reason, ended_at: recordedAt(event), event_count: event.revision, last_revision: event.revision })
      .where('match_id', '=', matchId)
      .execute();
  } else {
    await trx.updateTable('matches').set({ event_count: event.revision, last_revision: event.revision }).where('match_id', '=', matchId).execute();
  }
  await trx
    .insertInto('projection_checkpoints')
    .values({ projection: CATALOG, position: event.position })
    .onConflict((c) => c.column('projection').doUpdateSet({ position: event.position }))
    .execute();
};

import { ID, MatchEvent, PUBLIC } from '@matchlog/domain';
import { EventStore, StoredEvent } from '@matchlog/store';
import { CardTally, MatchReading, audiencesRead, cardTallies, deckSides, factsOf, readingOf } from '@matchlog/stats';
import { Transaction } from 'kysely';
import { CatalogTables } from '../catalog-schema';
import { CARD_COUNTS } from './card-counts';
import { Projection, UnappliableEvent } from '../projector';

/** The statistics projection's row in `checkpoints`. */
export const STATS = 'stats';

/** A match's statistics: what each audience read of it, where and when it counts. */
export interface MatchStats {
  readonly matchId: string;
  readonly game: string;
  /** '' for none */
  readonly event: string;
  readonly format: string;
  /** the day it ended, YYYY-MM-DD */
  readonly day: string;
  /** the public's reading first, then each player's own */
  readonly readings: readonly MatchReading[];
}

const recordedAt = (event: StoredEvent): string => (event.meta as { recordedAt?: string } | undefined)?.recordedAt ?? new Date(0).toISOString();

/**
 * A match that ended, read by the audiences the statistics read (audiencesRead: the public, and each player
 * through their own seat): null for a voided match, or one whose events do not fold.
 */
export const statsOfMatch = (matchId: string, events: readonly MatchEvent[], endedAt: string): MatchStats | null => {
  const created = events[0];
  if (created?.type !== 'MatchCreated') return null;
  const facts = factsOf(created.data.game);
  const playerIds = created.data.players.map((p) => p.id);
  const audiences = [...audiencesRead('cards', playerIds), ...audiencesRead('event-cards', playerIds)];
  const readings = audiences.map((audience) => readingOf(events, audience, facts));
  if (readings[0].voided || !readings[0].ended) return null;
  return { matchId, game: created.data.game, event: readings[0].event ?? '', format: readings[0].format ?? '', day: endedAt.slice(0, 10), readings };
};

/** The match's events up to `revision`, from the store, as the domain's events. */
export const matchEvents = async (store: Pick<EventStore, 'readStream'>, matchId: string, revision: number): Promise<MatchEvent[]> =>
  (await store.readStream(matchId, { maxCount: revision })).map((e) => ({ id: e.id, type: e.type, data: e.data, meta: e.meta }) as MatchEvent);

/** What a batch changes: matches that ended (their statistics) and matches voided. */
export type StatsChange = { readonly position: number } & ({ readonly ended: MatchStats } | { readonly voided: string });

/** Reads what the statistics need of a batch's events: only MatchEnded and MatchVoided of match streams count. */
export const changesOf = async (store: Pick<EventStore, 'readStream'>, events: readonly StoredEvent[]): Promise<StatsChange[]> => {
  const changes: StatsChange[] = [];
  for (const event of events) {
    if (!ID.test(event.streamId)) continue;
    if (event.type === 'MatchVoided') changes.push({ position: event.position, voided: event.streamId });
    if (event.type !== 'MatchEnded') continue;
    try {
      const stats = statsOfMatch(event.streamId, await matchEvents(store, event.streamId, event.revision), recordedAt(event));
      if (stats !== null) changes.push({ position: event.position, ended: stats });
    } catch (error) {
      // a match whose log does not fold counts nowhere, and is reported; the log is never wrong about itself otherwise
      if (error instanceof TypeError || error instanceof RangeError) throw new UnappliableEvent(event, error, STATS);
      throw error;
    }
  }
  return changes;
};

const countsOf = (t: CardTally, sign: 1 | -1) => ({
  games: sign * t.games,
  decided: sign * t.decided,
  wins: sign * t.wins,
  deck_games: sign * t.deckGames,
  deck_wins: sign * t.deckWins,
  copies: sign * t.copies,
  first_turn_sum: sign * t.firstTurnSum,
  first_turn_games: sign * t.firstTurnGames,
  quests: sign * t.quests,
  lore: sign * t.lore,
  challenges: sign * t.challenges,
  banishes: sign * t.banishes,
  banished: sign * t.banished,
  songs_sung: sign * t.songsSung,
  sang: sign * t.sang,
});

/** Adds (or, voided, takes away) a match's public counts per card. */
const addCounts = async (trx: Transaction<CatalogTables>, stats: MatchStats, publicReading: MatchReading, sign: 1 | -1): Promise<void> => {
  const { game, event, format, day } = stats;
  for (const [card, tally] of cardTallies([publicReading])) {
    await trx
      .insertInto('stats_cards')
      .values({ game, event, format, day, card, ...countsOf(tally, sign) })
      .onConflict((c) =>
        c
          .columns(['game', 'card', 'event', 'format', 'day'])
          .doUpdateSet((eb) => Object.fromEntries(CARD_COUNTS.map((column) => [column, eb(`stats_cards.${column}`, '+', eb.ref(`excluded.${column}`))]))),
      )
      .execute();
    for (const [turn, games] of Object.entries(tally.firstTurns)) {
      await trx
        .insertInto('stats_first_turns')
        .values({ game, event, format, day, card, turn: Number(turn), games: sign * games })
        .onConflict((c) =>
          c.columns(['game', 'card', 'event', 'format', 'day', 'turn']).doUpdateSet((eb) => ({ games: eb('stats_first_turns.games', '+', eb.ref('excluded.games')) })),
        )
        .execute();
    }
  }
};

/** Applies a batch's changes in the caller's transaction. */
export const applyChanges = async (trx: Transaction<CatalogTables>, changes: readonly StatsChange[]): Promise<void> => {
  for (const change of changes) {
    if ('voided' in change) {
      const row = await trx.selectFrom('stats_readings').selectAll().where('match_id', '=', change.voided).where('audience', '=', PUBLIC).executeTakeFirst();
      if (row === undefined || Number(row.voided) === 1) continue;
      await addCounts(
        trx,
        { matchId: row.match_id, game: row.game, event: row.event, format: row.format, day: row.day, readings: [] },
        JSON.parse(row.reading) as MatchReading,
        -1,
      );
      // the public reading and sides stay, marked: while the delay holds the void back, the public still counts them
      await trx.deleteFrom('stats_readings').where('match_id', '=', change.voided).where('audience', '!=', PUBLIC).execute();
      await trx.updateTable('stats_readings').set({ voided: 1 }).where('match_id', '=', change.voided).execute();
      await trx.updateTable('stats_sides').set({ voided: 1 }).where('match_id', '=', change.voided).execute();
      continue;
    }
    const stats = change.ended;
    const { matchId, game, event, format, day } = stats;
    const known = await trx.selectFrom('stats_readings').select('match_id').where('match_id', '=', matchId).executeTakeFirst();
    if (known !== undefined) continue;
    for (const reading of stats.readings) {
      await trx
        .insertInto('stats_readings')
        .values({ match_id: matchId, audience: reading.audience, game, event, format, day, reading: JSON.stringify(reading) })
        .execute();
    }
    await addCounts(trx, stats, stats.readings[0], 1);
    for (const [seat, side] of deckSides([stats.readings[0]]).entries()) {
      await trx
        .insertInto('stats_sides')
        .values({ match_id: matchId, seat, game, event, format, day, inks: side.inks, against: side.against, won: side.won, on_play: side.onPlay ? 1 : 0 })
        .execute();
    }
  }
};

/** Empties the statistics (the projector moves their checkpoint). */
export const clearStats = async (trx: Transaction<CatalogTables>): Promise<void> => {
  for (const table of ['stats_readings', 'stats_cards', 'stats_first_turns', 'stats_sides'] as const) await trx.deleteFrom(table).execute();
};

/** The statistics as a projection of the projector: each ended match's stream is read before the write transaction. */
export const statsProjection: Projection<StatsChange[]> = {
  name: STATS,
  read: changesOf,
  // the changes of the events after the checkpoint (another instance may have written the others)
  apply: (trx, events, changes = []) =>
    applyChanges(
      trx,
      changes.filter((change) => change.position >= events[0].position),
    ),
  truncate: clearStats,
};

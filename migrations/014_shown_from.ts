import { Kysely } from 'kysely';

/**
 * One home for the broadcast delay's rule (issue 40): for each fact of a held-back match (MatchCreated,
 * MatchEnded, TimeCalled, MatchVoided) the catalog keeps when it is shown, as the domain's
 * factShownFrom answers from what the projector knows (the fact's time, the head, the end), moved on at
 * each batch of the match (a time past any clock while nothing recorded yet shows it). The queries only compare it with
 * the reader's time. The rows already here lack it, so the catalog's checkpoint loses its store id: the
 * projector empties the catalog once and feeds it again from the log (as 011 does; the statistics and
 * the transparency log are not the catalog's and keep theirs).
 */
const COLUMNS = ['created_shown_from', 'ended_shown_from', 'time_called_shown_from', 'voided_shown_from'];

export const up = async (db: Kysely<any>): Promise<void> => {
  for (const column of COLUMNS) await db.schema.alterTable('matches').addColumn(column, 'text').execute();
  await db.updateTable('checkpoints').set({ store_id: null }).where('projection', '=', 'catalog').execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  for (const column of [...COLUMNS].reverse()) await db.schema.alterTable('matches').dropColumn(column).execute();
};

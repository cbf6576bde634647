import { Kysely } from 'kysely';

/**
 * No spoilers around a broadcast's delay: a match whose broadcastDelay holds its public side back
 * (the default) keeps, besides its head, what the catalog needs to answer as of the delay at read time.
 * hold_back_events and _seconds: the delay (null: the match holds nothing back); public_from: when its
 * MatchCreated may be shown (recorded at + the delay's seconds); for MatchEnded, TimeCalled and
 * MatchVoided, the revision (any match) and, where held back, when each may be shown. The rows already
 * here lack them, so the checkpoint's store id is cleared: the feeder empties the catalog once and
 * feeds it again from the log (as 007 does).
 */
const COLUMNS: [string, 'integer' | 'text'][] = [
  ['hold_back_events', 'integer'],
  ['hold_back_seconds', 'integer'],
  ['public_from', 'text'],
  ['ended_revision', 'integer'],
  ['ended_public_from', 'text'],
  ['time_called_revision', 'integer'],
  ['time_called_public_from', 'text'],
  ['voided_revision', 'integer'],
  ['voided_public_from', 'text'],
];

export const up = async (db: Kysely<any>): Promise<void> => {
  for (const [column, type] of COLUMNS) await db.schema.alterTable('matches').addColumn(column, type).execute();
  await db.updateTable('checkpoints').set({ store_id: null }).execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  for (const [column] of [...COLUMNS].reverse()) await db.schema.alterTable('matches').dropColumn(column).execute();
};

import type { Pool } from 'pg';

/** The channel an append's commit notifies, so every instance's subscriptions wake at once. */
export const CHANNEL = 'matchlog_events';

/**
 * The event store's own tables, apart from the read models' (matches, match_tokens, …) in the same
 * database. The constraints are the last word whoever writes: one event per (stream, revision), each
 * event id once per stream (`events_event_id_stream_id`, which also finds an id in any stream), each
 * position once. `event_head` is one row: the last position handed out; every
 * append transaction locks it first (see postgres-event-store.ts), so appends commit in position order.
 * `store_identity` is one row too: the store's id (EventStore.storeId), made with the tables.
 * `data` and `meta` are the JSON text as given (not jsonb, which would reorder keys).
 * `stream_snapshots` holds the stored snapshots (EventStore.writeSnapshot), the latest per key, out of
 * `events`: no position, no subscriber reads past them.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS event_streams (
  stream_id text COLLATE "C" PRIMARY KEY,
  revision bigint NOT NULL CHECK (revision > 0)
);
CREATE TABLE IF NOT EXISTS events (
  position bigint PRIMARY KEY CHECK (position > 0),
  stream_id text COLLATE "C" NOT NULL,
  revision bigint NOT NULL CHECK (revision > 0),
  event_id text COLLATE "C" NOT NULL,
  type text NOT NULL,
  data text NOT NULL,
  meta text,
  UNIQUE (stream_id, revision)
);
CREATE TABLE IF NOT EXISTS event_head (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  last_position bigint NOT NULL
);
DO $$ BEGIN
  IF to_regclass('events_event_id_stream_id') IS NULL THEN
    CREATE UNIQUE INDEX events_event_id_stream_id ON events (event_id, stream_id);
  END IF;
  -- a database made before ids were unique per stream: its ids were unique across the store
  IF EXISTS (SELECT FROM pg_constraint WHERE conrelid = 'events'::regclass AND conname = 'events_event_id_key') THEN
    ALTER TABLE events DROP CONSTRAINT events_event_id_key;
  END IF;
END $$;
INSERT INTO event_head (last_position) SELECT coalesce(max(position), 0) FROM events ON CONFLICT DO NOTHING;
CREATE TABLE IF NOT EXISTS stream_snapshots (
  key text COLLATE "C" PRIMARY KEY,
  data text NOT NULL
);
CREATE TABLE IF NOT EXISTS store_identity (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  store_id text NOT NULL
);
INSERT INTO store_identity (store_id) VALUES (gen_random_uuid()::text) ON CONFLICT DO NOTHING;
`;

/** Any constant: it only keeps two instances starting together from creating the tables side by side. */
const SCHEMA_LOCK = 0x6d61_7463_686c_6f67n; // "matchlog"

/** Creates the tables if they are missing; safe to run from several instances at once. */
export const ensureSchema = async (pool: Pool): Promise<void> => {
  const client = await pool.connect();
  const lost = () => undefined; // a connection lost between queries: the next query fails with it
  client.on('error', lost);
  let failure: Error | undefined;
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK.toString()]);
    await client.query(SCHEMA);
    await client.query('COMMIT');
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.off('error', lost);
    client.release(failure);
  }
};

import type { PoolClient } from 'pg';
import { StoreTimeout, StoreUnavailable } from '../storage-errors';
import { AppendRequest, GroupPlan, KnownEvent, knownKey, planGroup } from './plan-group';
import { postgresErrorOf } from './postgres-errors';
import { CHANNEL } from './schema';

/**
 * Taken first by every append transaction, from every instance: appends run one at a time, each
 * seeing all that committed before it, and a position is handed out only once every lower one has
 * committed, so a reader that sees position p sees every position below p (no gaps to skip).
 */
const BEGIN_AND_LOCK_HEAD = 'BEGIN; SELECT last_position FROM event_head FOR UPDATE';
const STREAMS = `SELECT coalesce(json_agg(json_build_array(stream_id, revision)), '[]') AS streams FROM event_streams WHERE stream_id = ANY($1::text[])`;
const KNOWN = `SELECT coalesce(json_agg(json_build_array(event_id, stream_id, revision, position, type, data)), '[]') AS known FROM events WHERE event_id = ANY($1::text[]) AND stream_id = ANY($2::text[])`;
const WRITE = `
WITH new_events AS (
  INSERT INTO events (position, stream_id, revision, event_id, type, data, meta)
  SELECT * FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[])
), new_revisions AS (
  INSERT INTO event_streams (stream_id, revision) SELECT * FROM unnest($8::text[], $9::bigint[])
  ON CONFLICT (stream_id) DO UPDATE SET revision = excluded.revision
)
UPDATE event_head SET last_position = $10::bigint RETURNING pg_notify('${CHANNEL}', $10::text)`;

/**
 * COMMIT, and if the connection is lost meanwhile, StoreTimeout: the group may or may not be written,
 * and the same requests sent again answer as the first time if it was (the retry rule), never twice.
 */
const commit = async (client: PoolClient) => {
  try {
    await client.query('COMMIT');
  } catch (error) {
    throw postgresErrorOf(error, 'the database') instanceof StoreUnavailable ? new StoreTimeout(`PostgreSQL: the connection was lost during COMMIT (${String(error)})`) : error;
  }
};

type KnownRow = [string, string, number, number, string, string];

/** An insert that met an event id already stored in its stream: the optimistic attempt was wrong. */
const isTakenId = (error: unknown) => (error as { code?: string }).code === '23505' && (error as { constraint?: string }).constraint === 'events_event_id_stream_id';

/**
 * Appends a group of requests in one transaction on `client` (group commit): each request gets its
 * own result or refusal, as if it ran alone after the ones before it, and a refused one writes nothing.
 * If the transaction fails, nothing of the group is written and the error is thrown.
 *
 * Optimistic first: when every append of the group passes its revision check, it is written without
 * looking its ids up (the unique index checks them anyway). If one of them was stored before (a retry,
 * a reused id), the insert fails, the transaction is rolled back, and the group is decided again with
 * the stored events in hand, as it is at once when some append fails its revision check.
 */
export const appendGroup = async (client: PoolClient, requests: readonly AppendRequest[]): Promise<GroupPlan> => {
  try {
    return await attempt(client, requests, false);
  } catch (error) {
    if (!isTakenId(error)) throw error;
    return attempt(client, requests, true);
  }
};

const attempt = async (client: PoolClient, requests: readonly AppendRequest[], lookUpIds: boolean): Promise<GroupPlan> => {
  try {
    // a simple query: both statements in one round trip
    const [, head] = (await client.query(BEGIN_AND_LOCK_HEAD)) as unknown as [unknown, { rows: { last_position: string }[] }];
    const lastPosition = Number(head.rows[0].last_position);
    const streamIds = [...new Set(requests.map((r) => r.streamId))];
    const streams = (await client.query<{ streams: [string, number][] }>({ name: 'matchlog-streams', text: STREAMS, values: [streamIds] })).rows[0].streams;
    const decide = (known: KnownRow[]) =>
      planGroup(
        requests,
        new Map(streams),
        new Map(known.map(([id, streamId, revision, position, type, data]): [string, KnownEvent] => [knownKey(streamId, id), { streamId, revision, position, type, data }])),
        lastPosition,
      );
    let plan = decide([]);
    if (lookUpIds || plan.outcomes.some((outcome) => 'error' in outcome)) {
      const eventIds = requests.flatMap((r) => r.events.map((e) => e.id));
      plan = decide((await client.query<{ known: KnownRow[] }>({ name: 'matchlog-known', text: KNOWN, values: [eventIds, streamIds] })).rows[0].known);
    }
    if (plan.rows.length === 0) {
      await client.query('ROLLBACK');
      return plan;
    }
    const written = plan.rows;
    await client.query({
      name: 'matchlog-write',
      text: WRITE,
      values: [
        written.map((r) => r.position),
        written.map((r) => r.streamId),
        written.map((r) => r.revision),
        written.map((r) => r.id),
        written.map((r) => r.type),
        written.map((r) => r.data),
        written.map((r) => r.meta),
        [...plan.streams.keys()],
        [...plan.streams.values()],
        plan.lastPosition,
      ],
    });
    await commit(client);
    return plan;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
};

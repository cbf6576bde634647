import type { PoolClient } from 'pg';
import { AppendRequest, GroupPlan, KnownEvent, planGroup } from './plan-group';
import { CHANNEL } from './schema';

/**
 * Taken first by every append transaction, from every instance: appends run one at a time, each
 * seeing all that committed before it, and a position is handed out only once every lower one has
 * committed, so a reader that sees position p sees every position below p (no gaps to skip).
 */
const LOCK_HEAD = { name: 'matchlog-lock-head', text: 'SELECT last_position FROM event_head FOR UPDATE' };
const STREAMS = 'SELECT stream_id, revision FROM event_streams WHERE stream_id = ANY($1::text[])';
const KNOWN = 'SELECT event_id, stream_id, revision, position, type, data FROM events WHERE event_id = ANY($1::text[])';
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
 * Appends a group of requests in one transaction on `client` (group commit): each request gets its
 * own result or refusal, as if it ran alone after the ones before it, and a refused one writes nothing.
 * If the transaction fails, nothing of the group is written and the error is thrown.
 */
export const appendGroup = async (client: PoolClient, requests: readonly AppendRequest[]): Promise<GroupPlan> => {
  await client.query('BEGIN');
  try {
    const head = await client.query<{ last_position: string }>(LOCK_HEAD);
    const streamIds = [...new Set(requests.map((r) => r.streamId))];
    const eventIds = requests.flatMap((r) => r.events.map((e) => e.id));
    const [streams, known] = await Promise.all([
      client.query<{ stream_id: string; revision: string }>({ name: 'matchlog-streams', text: STREAMS, values: [streamIds] }),
      client.query<{ event_id: string; stream_id: string; revision: string; position: string; type: string; data: string }>({ name: 'matchlog-known', text: KNOWN, values: [eventIds] }),
    ]);
    const plan = planGroup(
      requests,
      new Map(streams.rows.map((s) => [s.stream_id, Number(s.revision)])),
      new Map<string, KnownEvent>(known.rows.map((e) => [e.event_id, { streamId: e.stream_id, revision: Number(e.revision), position: Number(e.position), type: e.type, data: e.data }])),
      Number(head.rows[0].last_position),
    );
    if (plan.rows.length === 0) {
      await client.query('ROLLBACK');
      return plan;
    }
    const { rows } = plan;
    await client.query({
      name: 'matchlog-write',
      text: WRITE,
      values: [
        rows.map((r) => r.position),
        rows.map((r) => r.streamId),
        rows.map((r) => r.revision),
        rows.map((r) => r.id),
        rows.map((r) => r.type),
        rows.map((r) => r.data),
        rows.map((r) => r.meta),
        [...plan.streams.keys()],
        [...plan.streams.values()],
        plan.lastPosition,
      ],
    });
    await client.query('COMMIT');
    return plan;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
};

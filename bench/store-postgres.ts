import { PostgresEventStore } from '@matchlog/store';
import { Pool } from 'pg';
import { createTestDatabase } from '@matchlog/testkit';
import { APPENDS_PER_MATCH, BenchEvent, EVENTS_PER_APPEND, MATCHES, playAllMatches, streamIds, workload } from './store-workload';

/** Runs `run` on a new, empty database of the server at `serverUrl`, dropped afterwards. */
export const withFreshDatabase = async (serverUrl: string, run: (url: string) => Promise<number>): Promise<number> => {
  const database = await createTestDatabase(serverUrl);
  try {
    return await run(database.url);
  } finally {
    await database.drop();
  }
};

/** Our PostgreSQL store (group commit), through its public `append`. */
export const oursOnPostgres = async (url: string): Promise<number> => {
  const store = await PostgresEventStore.open(url);
  const ms = await playAllMatches((streamId, expected, events) => store.append(streamId, expected, events));
  await store.close();
  return ms;
};

const rows = (n: number) => Array.from({ length: n }, (_, i) => `($1, $${2 + i * 5}, $${3 + i * 5}, $${4 + i * 5}, $${5 + i * 5}, $${6 + i * 5})`).join(', ');

/** One append in its own transaction: max-revision check, one multi-row INSERT, into a table of the same shape. */
const bareAppend = async (pool: Pool, streamId: string, expected: number, events: BenchEvent[]) => {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows: head } = await client.query<{ max: string | null }>('SELECT max(revision) FROM events WHERE stream_id = $1', [streamId]);
    if (Number(head[0].max ?? 0) !== expected) throw new Error(`conflict on ${streamId}`);
    const values = events.flatMap((e, i) => [expected + i + 1, e.id, e.type, JSON.stringify(e.data), JSON.stringify(e.meta)]);
    await client.query(`INSERT INTO events (stream_id, revision, event_id, type, data, meta) VALUES ${rows(events.length)}`, [streamId, ...values]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
};

const barePool = async (url: string, size: number) => {
  const pool = new Pool({ connectionString: url, max: size });
  // a connection still closing when the database is dropped (WITH FORCE) reports it: nothing to do
  pool.on('error', () => undefined);
  await pool.query(`CREATE TABLE events (position bigserial PRIMARY KEY, stream_id text COLLATE "C" NOT NULL, revision bigint NOT NULL,
    event_id text COLLATE "C" NOT NULL UNIQUE, type text NOT NULL, data text NOT NULL, meta text, UNIQUE (stream_id, revision))`);
  return pool;
};

/** Bare `pg`, one transaction per append, with the same concurrency as ours (every match in flight) over 10 connections. */
export const barePostgres = async (url: string): Promise<number> => {
  const pool = await barePool(url, 10);
  const ms = await playAllMatches((streamId, expected, events) => bareAppend(pool, streamId, expected, events));
  await pool.end();
  return ms;
};

/** The appends the bare loop makes: a tenth of the workload (its rate does not change with the table's size). */
export const LOOP_APPENDS = (APPENDS_PER_MATCH / 10) * MATCHES;
export const LOOP_EVENTS = LOOP_APPENDS * EVENTS_PER_APPEND;

/** Bare `pg`, a loop of one transaction per append on one connection, as the SQLite baseline: the first LOOP_APPENDS. */
export const barePostgresLoop = async (url: string): Promise<number> => {
  const pool = await barePool(url, 1);
  const start = process.hrtime.bigint();
  for (let k = 0; k < APPENDS_PER_MATCH / 10; k++) {
    for (let m = 0; m < MATCHES; m++) await bareAppend(pool, streamIds[m], k * EVENTS_PER_APPEND, workload[m][k]);
  }
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  await pool.end();
  return ms;
};

import { PostgresEventStore } from '@matchlog/store';
import { Pool } from 'pg';
import { createTestDatabase } from '../test/support/postgres';
import { BenchEvent, playAllMatches } from './store-workload';

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

/**
 * The baseline: bare `pg`, one transaction per append (max-revision check, one multi-row INSERT),
 * into a table of the same shape, with the same concurrency over a pool of the same size (10).
 */
export const barePostgres = async (url: string): Promise<number> => {
  const pool = new Pool({ connectionString: url, max: 10 });
  await pool.query(`CREATE TABLE events (position bigserial PRIMARY KEY, stream_id text NOT NULL, revision bigint NOT NULL,
    event_id text NOT NULL UNIQUE, type text NOT NULL, data text NOT NULL, meta text, UNIQUE (stream_id, revision))`);
  const rows = (n: number) => Array.from({ length: n }, (_, i) => `($1, $${2 + i * 5}, $${3 + i * 5}, $${4 + i * 5}, $${5 + i * 5}, $${6 + i * 5})`).join(', ');
  const append = async (streamId: string, expected: number, events: BenchEvent[]) => {
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
  const ms = await playAllMatches(append);
  await pool.end();
  return ms;
};

import { Pool } from 'pg';
import { checkAppend } from './check-append';
import { AppendResult, EventStore, EventToAppend, ExpectedRevision, ReadOptions, StoredEvent, Subscription } from './event-store';
import { appendGroup } from './postgres/append-group';
import { Notifications } from './postgres/notifications';
import { AppendRequest, refuseNul, serialise } from './postgres/plan-group';
import { describeDatabase, openErrorOf, postgresErrorOf } from './postgres/postgres-errors';
import { EventRow, toStored } from './event-row';
import { GroupCommit, Queued } from './group-commit';
import { COLUMNS } from './postgres/rows';
import { ensureSchema } from './postgres/schema';
import { subscribe } from './postgres/subscription';

export interface PostgresEventStoreOptions {
  /** connections in the pool (default 10): one writes at a time, the others read */
  readonly poolSize?: number;
  /** how long a caught-up subscription waits before it reads again unwoken (default 1000 ms) */
  readonly pollMs?: number;
}

type PendingAppend = AppendRequest & Queued<AppendResult>;

const FORWARDS = `SELECT ${COLUMNS} FROM events WHERE stream_id = $1 AND revision >= $2 ORDER BY revision LIMIT $3`;
const BACKWARDS = `SELECT ${COLUMNS} FROM events WHERE stream_id = $1 AND revision <= $2 ORDER BY revision DESC LIMIT $3`;
const ALL = `SELECT ${COLUMNS} FROM events WHERE position > $1 ORDER BY position LIMIT $2`;
/** of the streams that hold the id (it is unique per stream only), the first to begin with it, else the first to hold it */
const BY_ID = `SELECT ${COLUMNS} FROM events WHERE event_id = $1 ORDER BY revision <> 1, position LIMIT 1`;
const REVISION = 'SELECT revision FROM event_streams WHERE stream_id = $1';
const SAVE_SNAPSHOT = 'INSERT INTO stream_snapshots (key, data) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET data = excluded.data';
const SNAPSHOT = 'SELECT data FROM stream_snapshots WHERE key = $1';
/** committed events only: event_head moves inside the append's transaction, so another transaction sees it with the events */
const HEAD = 'SELECT last_position FROM event_head';

/**
 * The event store on a PostgreSQL database shared by any number of instances (schema:
 * postgres/schema.ts, made on open). Appends that arrive while a group is being written wait and go
 * together into the next one transaction (group commit), each with its own result or refusal, as
 * SQLite's do. Every append transaction first locks the one row of `event_head`, so positions are
 * handed out in commit order and catch-up never skips an event committed late (docs/explanation/architecture.md).
 */
export class PostgresEventStore implements EventStore {
  private readonly groups = new GroupCommit<AppendRequest, AppendResult>((group) => this.writeGroup(group));
  private closed = false;
  private readonly subscriptions = new Set<Subscription>();
  private readonly notifications: Notifications;

  /** Connects, and creates the tables if they are missing. */
  static async open(connectionString: string, options: PostgresEventStoreOptions = {}): Promise<PostgresEventStore> {
    const pool = new Pool({
      connectionString,
      max: options.poolSize ?? 10,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
      // an instance stalled inside an append transaction must not hold every instance's appends for long
      idle_in_transaction_session_timeout: 10_000,
    });
    // an idle connection that fails leaves the pool; the next query opens another, and fails if the server is away
    pool.on('error', () => undefined);
    const database = describeDatabase(connectionString);
    try {
      await ensureSchema(pool);
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw openErrorOf(error, database);
    }
    return new PostgresEventStore(pool, connectionString, database, options.pollMs ?? 1000);
  }

  private constructor(
    private readonly pool: Pool,
    connectionString: string,
    /** host, port and name, for operators' messages */
    readonly database: string,
    private readonly pollMs: number,
  ) {
    this.notifications = new Notifications(connectionString, (error) => postgresErrorOf(error, database));
  }

  append(streamId: string, expected: ExpectedRevision, events: readonly EventToAppend[]): Promise<AppendResult> {
    if (this.closed) return Promise.reject(new Error('the event store is closed'));
    return this.groups.submit(() => {
      checkAppend(streamId, expected, events);
      refuseNul(streamId, events);
      return { streamId, expected, events: events.map(serialise) };
    });
  }

  async readStream(streamId: string, options: ReadOptions = {}): Promise<StoredEvent[]> {
    if (options.maxCount === 0) return [];
    const limit = options.maxCount ?? null;
    return options.direction === 'backwards'
      ? this.rows(BACKWARDS, [streamId, options.from ?? Number.MAX_SAFE_INTEGER, limit])
      : this.rows(FORWARDS, [streamId, options.from ?? 1, limit]);
  }

  async revisionOf(streamId: string): Promise<number> {
    const { rows } = await this.query<{ revision: string }>(REVISION, [streamId]);
    return rows.length === 0 ? 0 : Number(rows[0].revision);
  }

  async headPosition(): Promise<number> {
    const { rows } = await this.query<{ last_position: string }>(HEAD, []);
    return rows.length === 0 ? 0 : Number(rows[0].last_position);
  }

  async findEvent(eventId: string): Promise<StoredEvent | undefined> {
    return (await this.rows(BY_ID, [eventId]))[0];
  }

  async storeId(): Promise<string> {
    const { rows } = await this.query<{ store_id: string }>('SELECT store_id FROM store_identity', []);
    return rows[0].store_id;
  }

  async writeSnapshot(key: string, data: unknown): Promise<void> {
    if (this.closed) throw new Error('the event store is closed');
    await this.query(SAVE_SNAPSHOT, [key, JSON.stringify(data)]);
  }

  async readSnapshot(key: string): Promise<unknown> {
    const { rows } = await this.query<{ data: string }>(SNAPSHOT, [key]);
    return rows.length === 0 ? undefined : JSON.parse(rows[0].data);
  }

  async readAll(afterPosition: number, maxCount: number): Promise<StoredEvent[]> {
    if (maxCount <= 0) return [];
    return this.rows(ALL, [afterPosition, maxCount]);
  }

  subscribeAll(afterPosition: number, onEvent: (event: StoredEvent) => Promise<void> | void, onFailure?: (error: unknown) => void): Subscription {
    if (this.closed) return { close: async () => undefined };
    const source = { notifications: this.notifications, pollMs: this.pollMs, readAll: (after: number, max: number) => this.readAll(after, max) };
    const subscription = subscribe(source, afterPosition, onEvent, onFailure, (s) => this.subscriptions.delete(s));
    this.subscriptions.add(subscription);
    return subscription;
  }

  /** Writes what is queued, then stops taking subscribers and connections. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.groups.drained();
    await Promise.allSettled([...this.subscriptions].map((s) => s.close()));
    await this.notifications.close();
    await this.pool.end();
  }

  private async writeGroup(group: PendingAppend[]): Promise<void> {
    let plan;
    try {
      const client = await this.pool.connect();
      // a connection lost between two queries is reported here too, and the next query fails on it
      const ignore = () => undefined;
      client.on('error', ignore);
      try {
        plan = await appendGroup(client, group);
        client.off('error', ignore);
        client.release();
      } catch (error) {
        client.off('error', ignore);
        // a fresh connection next time: this one may be broken, or in a state we do not know
        client.release(error instanceof Error ? error : new Error(String(error)));
        throw error;
      }
    } catch (error) {
      // nothing of the group was written (or, a StoreTimeout: the connection was lost during COMMIT, and a retry tells)
      const failure = postgresErrorOf(error, this.database);
      for (const pending of group) pending.reject(failure);
      return;
    }
    plan.outcomes.forEach((outcome, i) => ('result' in outcome ? group[i].resolve(outcome.result) : group[i].reject(outcome.error)));
    if (plan.rows.length > 0) this.notifications.wakeAll();
  }

  private async rows(text: string, values: unknown[]): Promise<StoredEvent[]> {
    return (await this.query<EventRow<string>>(text, values)).rows.map(toStored);
  }

  private async query<R extends object>(text: string, values: unknown[]) {
    try {
      return await this.pool.query<R>(text, values);
    } catch (error) {
      throw postgresErrorOf(error, this.database);
    }
  }
}

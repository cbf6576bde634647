import { AppendResult, PostgresEventStore, RevisionConflict, StoredEvent } from '@matchlog/store';
import { Client } from 'pg';
import { TestDatabase, createTestDatabase } from '@matchlog/testkit';

/** Two instances on one database: two stores, each with its own pool, racing through PostgreSQL alone. */
describe('PostgresEventStore, two instances on one database', () => {
  let database: TestDatabase;
  let a: PostgresEventStore;
  let b: PostgresEventStore;
  let raw: Client;
  beforeAll(async () => {
    database = await createTestDatabase();
    // polling never wakes a subscription here: only a notification or a local append can
    [a, b] = await Promise.all([PostgresEventStore.open(database.url, { pollMs: 3_600_000 }), PostgresEventStore.open(database.url, { pollMs: 3_600_000 })]);
    raw = new Client({ connectionString: database.url });
    await raw.connect();
  });
  // a failed test must not leave the raw client's table lock to hang the next one
  afterEach(async () => void (await raw.query('ROLLBACK')));
  afterAll(async () => {
    await raw.end();
    await Promise.all([a.close(), b.close()]);
    await database.drop();
  });

  let n = 0;
  const ev = (label: string) => ({ id: `${label}-${++n}`, type: 'CardMoved', data: { n } });
  const waitFor = async (condition: () => boolean | Promise<boolean>, what = 'condition') => {
    const deadline = Date.now() + 30_000;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`${what} not met within 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
  /** The sessions of the test database waiting for a lock, by what they wait for ('relation', 'transactionid', 'tuple'). */
  const lockWaits = async () =>
    (await raw.query<{ wait_event: string }>("SELECT wait_event FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")).rows.map(
      (r) => r.wait_event,
    );

  it('lets exactly one of two instances win each race at the same expected revision; the other gets RevisionConflict', async () => {
    const streams = Array.from({ length: 20 }, (_, i) => `race-${i}`);
    await Promise.all(streams.map((s) => a.append(s, 0, [ev(s)])));

    const races = await Promise.all(streams.map((s) => Promise.allSettled([a.append(s, 1, [ev(s), ev(s)]), b.append(s, 1, [ev(s)])])));

    for (const [i, outcomes] of races.entries()) {
      const won = outcomes.filter((o): o is PromiseFulfilledResult<AppendResult> => o.status === 'fulfilled');
      const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect([won.length, lost.length]).toEqual([1, 1]);
      expect(lost[0].reason).toBeInstanceOf(RevisionConflict);
      expect(lost[0].reason).toMatchObject({ expected: 1, actual: won[0].value.revision });
      expect(await b.revisionOf(streams[i])).toBe(won[0].value.revision);
    }
  });

  it('lets exactly one of two instances create a stream (expected revision 0)', async () => {
    const streams = Array.from({ length: 20 }, (_, i) => `created-${i}`);

    const races = await Promise.all(streams.map((s) => Promise.allSettled([a.append(s, 0, [ev(s)]), b.append(s, 0, [ev(s)])])));

    for (const [i, outcomes] of races.entries()) {
      expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({ reason: { code: 'REVISION_CONFLICT', expected: 0, actual: 1 } });
      expect(await a.readStream(streams[i])).toHaveLength(1);
    }
  });

  it('answers a retry sent to both instances at once with the same first result, writing the batch once', async () => {
    const batch = [ev('retried'), ev('retried')];

    const [fromA, fromB] = await Promise.all([a.append('retried', 0, batch), b.append('retried', 0, structuredClone(batch))]);

    expect(fromA).toEqual(fromB);
    expect((await a.readStream('retried')).map((e) => e.id)).toEqual(batch.map((e) => e.id));
  });

  it('refuses, by its constraints, a second event at a (stream, revision) and an event id twice in a stream, whoever writes them', async () => {
    const { position } = await a.append('constrained', 0, [{ id: 'constrained-1', type: 'CardMoved', data: {} }]);
    const insert = (position: number, revision: number, id: string, stream = 'constrained') =>
      raw.query("INSERT INTO events (position, stream_id, revision, event_id, type, data) VALUES ($1, $4, $2, $3, 'CardMoved', '{}')", [position, revision, id, stream]);

    await expect(insert(position + 1_000_000, 1, 'constrained-other')).rejects.toMatchObject({ code: '23505', constraint: 'events_stream_id_revision_key' });
    await expect(insert(position + 1_000_000, 2, 'constrained-1')).rejects.toMatchObject({ code: '23505', constraint: 'events_event_id_stream_id' });
    await raw.query('BEGIN');
    await insert(position + 1_000_000, 1, 'constrained-1', 'constrained-elsewhere');
    await raw.query('ROLLBACK');
    await expect(insert(position, 2, 'constrained-2')).rejects.toMatchObject({ code: '23505', constraint: 'events_pkey' });
  });

  it('never lets a later append commit before an earlier one: catch-up delivers both, in position order, skipping neither', async () => {
    const after = (await a.append('gap-marker', 0, [ev('gap')])).position;
    const received: StoredEvent[] = [];
    const subscription = b.subscribeAll(after, (e) => void received.push(e));
    // hold instance A's append inside its transaction, after it has taken its position: it waits for this table lock
    await raw.query('BEGIN');
    await raw.query('LOCK TABLE event_streams IN ACCESS EXCLUSIVE MODE');
    const early = a.append('gap-early', 0, [ev('early')]);
    await waitFor(async () => (await lockWaits()).includes('relation'), 'the early append waiting on the table lock');
    const late = b.append('gap-late', 0, [ev('late')]);
    // the late append waits on the head row the early one holds (a 'transactionid' wait, or 'tuple' behind another waiter)
    await waitFor(async () => (await lockWaits()).length === 2, 'the late append waiting behind the early one');

    // the later append waits for the earlier's transaction: nothing after the marker is visible yet
    expect(await a.readAll(after, 10)).toEqual([]);
    expect(await b.readAll(after, 10)).toEqual([]);
    await raw.query('COMMIT');
    const [earlyResult, lateResult] = await Promise.all([early, late]);
    await waitFor(() => received.length === 2);

    expect([earlyResult.position, lateResult.position]).toEqual([after + 1, after + 2]);
    expect(received.map((e) => [e.streamId, e.position])).toEqual([
      ['gap-early', after + 1],
      ['gap-late', after + 2],
    ]);
    await subscription.close();
  });

  it("wakes one instance's subscription with another instance's append (LISTEN/NOTIFY), with no polling", async () => {
    const after = (await b.append('notified-marker', 0, [ev('notified')])).position;
    const received: string[] = [];
    const subscription = b.subscribeAll(after, (e) => void received.push(e.streamId));
    await b.append('notified-warm', 0, [ev('warm')]);
    await waitFor(() => received.length === 1);
    await settle(); // caught up, and waiting

    await a.append('notified', 0, [ev('notified')]);
    await waitFor(() => received.length === 2);

    expect(received).toEqual(['notified-warm', 'notified']);
    await subscription.close();
  });
});

import { PostgresEventStore, StorageUnopenable, StoreUnavailable } from '@matchlog/store';
import { Client } from 'pg';
import { freePort } from '../../../apps/api/test/support/server-process';
import { RunningPostgres, TestDatabase, createTestDatabase, startPostgres } from '../../../test/support/postgres';

const waitFor = async (condition: () => boolean) => {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
const ev = (id: string) => ({ id, type: 'CardMoved', data: { id } });

describe('PostgresEventStore when PostgreSQL cannot be reached or refuses', () => {
  it('refuses to open on a server that is not there, as StoreUnavailable naming the host and never the password', async () => {
    const url = `postgres://matchlog:s3cret-password@127.0.0.1:${await freePort()}/matchlog`;

    const error = await PostgresEventStore.open(url).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(StoreUnavailable);
    expect(error).toMatchObject({ code: 'STORE_UNAVAILABLE', message: expect.stringContaining('retry') });
    expect((error as StoreUnavailable).report).toContain('127.0.0.1');
    expect((error as StoreUnavailable).report).not.toContain('s3cret');
  });

  it('refuses to open with a wrong password or an unknown database, saying what to fix', async () => {
    const database = await createTestDatabase();
    try {
      const wrongPassword = new URL(database.url);
      wrongPassword.password = 'not-the-password';
      const unknownDatabase = new URL(database.url);
      unknownDatabase.pathname = '/no_such_database';

      const errors = await Promise.all([wrongPassword, unknownDatabase].map((url) => PostgresEventStore.open(url.toString()).catch((e: unknown) => e)));

      expect(errors).toEqual([expect.any(StorageUnopenable), expect.any(StorageUnopenable)]);
      expect((errors[0] as StorageUnopenable).report).toMatch(/refused the user name or password.*MATCHLOG_DATABASE_URL/);
      expect((errors[1] as StorageUnopenable).report).toMatch(/no_such_database: the database does not exist.*MATCHLOG_DATABASE_URL/);
      expect((errors[0] as StorageUnopenable).report).not.toContain('not-the-password');
    } finally {
      await database.drop();
    }
  });
});

describe('PostgresEventStore when its connections fail', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    database = await createTestDatabase();
    store = await PostgresEventStore.open(database.url, { pollMs: 3_600_000 });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('fails a subscription whose listening connection is cut, through onFailure, as StoreUnavailable; a new one carries on', async () => {
    const received: string[] = [];
    const failures: unknown[] = [];
    const subscription = store.subscribeAll(0, (e) => void received.push(e.id), (error) => failures.push(error));
    await store.append('m1', 0, [ev('a')]);
    await waitFor(() => received.length === 1);
    const admin = new Client({ connectionString: database.url });
    await admin.connect();

    await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'");
    await waitFor(() => failures.length === 1);
    await admin.end();

    expect(failures[0]).toBeInstanceOf(StoreUnavailable);
    await expect(subscription.close()).rejects.toBeInstanceOf(StoreUnavailable);
    await store.append('m1', 1, [ev('b')]);
    const renewed = store.subscribeAll(1, (e) => void received.push(e.id));
    await store.append('m1', 2, [ev('c')]);
    await waitFor(() => received.length === 3);
    expect(received).toEqual(['a', 'b', 'c']);
    await renewed.close();
  });
});

describe('PostgresEventStore when its server stops', () => {
  let server: RunningPostgres;
  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(() => server.stop());

  it('answers every call with StoreUnavailable and fails its subscriptions through onFailure, never hanging', async () => {
    const store = await PostgresEventStore.open(server.url, { pollMs: 3_600_000 });
    const failures: unknown[] = [];
    const subscription = store.subscribeAll(0, () => undefined, (error) => failures.push(error));
    await store.append('m1', 0, [ev('a')]);

    await server.stop();
    await waitFor(() => failures.length === 1);

    expect(failures[0]).toBeInstanceOf(StoreUnavailable);
    const calls = [store.append('m1', 1, [ev('b')]), store.readStream('m1'), store.revisionOf('m1'), store.readAll(0, 10), store.findEvent('a')];
    for (const outcome of await Promise.allSettled(calls)) expect(outcome).toMatchObject({ status: 'rejected', reason: expect.any(StoreUnavailable) });
    await expect(subscription.close()).rejects.toBeInstanceOf(StoreUnavailable);
    await store.close();
  });
});

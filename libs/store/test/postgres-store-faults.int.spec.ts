import { PostgresEventStore, StorageUnopenable, StoreTimeout, StoreUnavailable } from '@matchlog/store';
import { Client } from 'pg';
import { freePort } from '@matchlog/testkit';
import { RunningPostgres, TestDatabase, createTestDatabase, startPostgres } from '@matchlog/testkit';

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
    const subscription = store.subscribeAll(
      0,
      (e) => void received.push(e.id),
      (error) => failures.push(error),
    );
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

describe('PostgresEventStore when the database fails while writing a group', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await (await PostgresEventStore.open(database.url)).close();
    const admin = new Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(`CREATE FUNCTION explode() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk on fire'; END $$;
      CREATE TRIGGER explode BEFORE INSERT ON events FOR EACH ROW WHEN (NEW.type = 'Explode') EXECUTE FUNCTION explode()`);
    await admin.end();
  });
  afterAll(() => database.drop());

  it('fails every append of the group, writing none of it, and writes the next group', async () => {
    const store = await PostgresEventStore.open(database.url);
    try {
      const outcomes = await Promise.allSettled([store.append('m1', 0, [ev('a')]), store.append('m2', 0, [{ ...ev('b'), type: 'Explode' }]), store.append('m3', 0, [ev('c')])]);

      expect(outcomes.map((o) => o.status === 'rejected' && String(o.reason))).toEqual(Array(3).fill(expect.stringContaining('disk on fire')));
      expect(await store.readAll(0, 10)).toEqual([]);
      expect(await store.revisionOf('m1')).toBe(0);
      expect(await store.append('m1', 0, [ev('a')])).toEqual({ revision: 1, position: 1 });
    } finally {
      await store.close();
    }
  });

  it('refuses, before it joins a group, an id PostgreSQL cannot store (NUL), so the others of its turn are written', async () => {
    const store = await PostgresEventStore.open(database.url);
    try {
      const [refused, kept] = await Promise.allSettled([store.append('m4', 0, [ev('nul\u0000id')]), store.append('m5', 0, [ev('d')])]);

      expect(refused).toMatchObject({ status: 'rejected', reason: expect.any(TypeError) });
      expect(kept).toMatchObject({ status: 'fulfilled', value: { revision: 1 } });
    } finally {
      await store.close();
    }
  });
});

describe('PostgresEventStore when the connection is lost during COMMIT', () => {
  let database: TestDatabase;
  let admin: Client;
  beforeAll(async () => {
    database = await createTestDatabase();
    await (await PostgresEventStore.open(database.url)).close();
    admin = new Client({ connectionString: database.url });
    await admin.connect();
    // COMMIT runs this deferred trigger, which waits for an advisory lock the test holds
    await admin.query(`CREATE FUNCTION wait_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_advisory_xact_lock(42); RETURN NULL; END $$;
      CREATE CONSTRAINT TRIGGER wait_at_commit AFTER INSERT ON events DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.type = 'Slow') EXECUTE FUNCTION wait_at_commit()`);
  });
  afterAll(async () => {
    await admin.end();
    await database.drop();
  });

  it('answers StoreTimeout (written or not: send it again), and the same append sent again answers once it is settled', async () => {
    const store = await PostgresEventStore.open(database.url);
    try {
      await admin.query('BEGIN');
      await admin.query('SELECT pg_advisory_xact_lock(42)');
      const slow = [{ ...ev('slow'), type: 'Slow' }];
      const pending = store.append('m1', 0, slow).catch((e: unknown) => e);
      const waiting = async () => (await admin.query("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'advisory'")).rows;
      let rows = await waiting();
      while (rows.length === 0) rows = (await new Promise((resolve) => setTimeout(resolve, 10)), await waiting());

      await admin.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
      await admin.query('COMMIT');

      expect(await pending).toBeInstanceOf(StoreTimeout);
      await admin.query('DROP TRIGGER wait_at_commit ON events');
      expect(await store.append('m1', 0, slow)).toEqual({ revision: 1, position: 1 });
      expect(await store.append('m1', 0, slow)).toEqual({ revision: 1, position: 1 });
    } finally {
      await store.close();
    }
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
    const subscription = store.subscribeAll(
      0,
      () => undefined,
      (error) => failures.push(error),
    );
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

import { findMatch, openPostgresCatalog } from '@matchlog/catalog';
import { sql } from 'kysely';
import { Client } from 'pg';
import { StoreUnavailable } from '@matchlog/store';
import { createServer } from 'net';
import { createTestDatabase, startPostgres } from '@matchlog/testkit';

const closedPort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe('a catalog in PostgreSQL when the server is away', () => {
  it('cannot open: StoreUnavailable, naming the database but not the password', async () => {
    const opening = openPostgresCatalog(`postgres://matchlog:s3cret@127.0.0.1:${await closedPort()}/catalog`);
    const error = await opening.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreUnavailable);
    expect(String((error as Error).message) + (error as StoreUnavailable).report).not.toContain('s3cret');
  });

  it('stops while the catalog is open: a read fails as StoreUnavailable (503 with Retry-After), not a bare error', async () => {
    const server = await startPostgres(); // a server of its own, to stop
    const database = await createTestDatabase(server.url);
    const db = await openPostgresCatalog(database.url, 2);
    expect(await findMatch(db, 'm1')).toBeNull();
    await server.stop();
    await expect(findMatch(db, 'm1')).rejects.toBeInstanceOf(StoreUnavailable);
    await db.destroy();
  });

  it('a connection lost inside a transaction (issue 15 §5): the transaction fails as StoreUnavailable, the process lives, the next query gets a new connection', async () => {
    const database = await createTestDatabase();
    const db = await openPostgresCatalog(database.url, 1); // one connection: the next query must get a new one
    const admin = new Client({ connectionString: database.url });
    await admin.connect();
    const failed = await db
      .transaction()
      .execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
        await admin.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
        await new Promise((resolve) => setTimeout(resolve, 200)); // the FATAL arrives while the client is checked out and idle
        await sql`SELECT 1`.execute(trx);
      })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(StoreUnavailable);
    expect(await findMatch(db, 'm1')).toBeNull();
    await admin.end();
    await db.destroy();
  });
});

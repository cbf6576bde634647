import { TestDatabase, createTestDatabase } from '@matchlog/testkit';
import { TestApp, startTestApp } from './support/test-app';

// PostgreSQL's text holds no NUL: a statistics filter or card name with one gets a clear answer, not a 500.
describe('statistics on odd input, the catalog in PostgreSQL', () => {
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

  it('an event with a NUL is a bad request', async () => {
    const answer = await t.http().get('/stats/cards?game=lorcana&event=a%00b');
    expect([answer.status, answer.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await t.http().get('/stats/decks?game=lorcana&event=a%00b')).status).toBe(400);
  });

  it('a card name with a NUL, a slash or other odd characters is not found', async () => {
    for (const name of ['a%00b', 'a%2Fb', '%E2%80%AE%F0%9F%83%8F', '..%2F..%2Fhealth', 'x'.repeat(128)])
      expect((await t.http().get(`/stats/cards/${name}?game=lorcana`)).body.code).toBe('STATS_CARD_NOT_FOUND');
    for (const name of ['%ED%A0%80', '%FF']) expect((await t.http().get(`/stats/cards/${name}?game=lorcana`)).body.code).toBe('BAD_URL');
  });
});

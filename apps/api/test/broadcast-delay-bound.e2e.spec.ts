import { MAX_BROADCAST_DELAY_SECONDS } from '@matchlog/domain';

// on main: a delay of 1e9 s was created (201)
import { lorcanaMatch } from './support/fixtures';
import { TestApp, startTestApp } from './support/test-app';

/** Issue 37, finding 11: a broadcast delay has an upper bound, a day (the vocabulary's MAX_BROADCAST_DELAY_SECONDS). */
describe('POST /matches: the longest broadcast delay', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const create = (matchId: string, seconds: number) =>
    t
      .http()
      .post('/matches')
      .set(t.organizer)
      .send({ ...lorcanaMatch(matchId), broadcastAccess: 'token', broadcastDelay: { seconds } });

  it('a delay of 1e9 seconds, or a day and a second: 422 MALFORMED_EVENT naming broadcastDelay.seconds and its bound; nothing created', async () => {
    for (const [i, seconds] of [1e9, MAX_BROADCAST_DELAY_SECONDS + 1].entries()) {
      const answer = await create(`delay-long-${i}`, seconds);
      expect([answer.status, answer.body.code]).toEqual([422, 'MALFORMED_EVENT']);
      expect(answer.body.details).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: expect.stringMatching(/broadcastDelay\.seconds$/), message: expect.stringContaining('86400') })]),
      );
      await t.http().get(`/matches/delay-long-${i}`).set(t.organizer).expect(404);
    }
  });

  it('a delay of exactly a day: created', async () => {
    expect(MAX_BROADCAST_DELAY_SECONDS).toBe(86_400);
    expect((await create('delay-day', MAX_BROADCAST_DELAY_SECONDS)).status).toBe(201);
  });
});

import { tcgOnlineSamples } from '@matchlog/testkit';
import { TestApp, startTestApp } from './support/test-app';

const samples = tcgOnlineSamples();

describe('probe', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('prints', async () => {
    for (const sample of samples) {
      const answer = await t.http().post('/matches/import/tcg-online').set(t.organizer).set('Content-Type', 'application/zip').send(Buffer.from(sample.zip));
      const audit = await t.http().get(`/matches/${answer.body.matchId}/audit`).set(t.organizer);
      const clock = await t.http().get(`/matches/${answer.body.matchId}/clock`).set(t.organizer);
      const judge = await t.http().get(`/matches/${answer.body.matchId}/views/judge`).set(t.organizer);
      require('fs').writeFileSync(`/tmp/ia/${sample.name}.json`, JSON.stringify({ status: answer.status, audit: audit.body, clock: clock.body, tournament: judge.body.tournament, card: judge.body.zones }, null, 1));
    }
  });
});

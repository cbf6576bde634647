import { auditMatch, parseJsonLines } from '@matchlog/audit';
import { MatchEvent } from '@matchlog/domain';
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import { signedLog } from './support/signed-log';
import { TestApp, startTestApp } from './support/test-app';

const corpus = join(__dirname, '..', '..', '..', 'examples', 'audit');
const logs = readdirSync(corpus, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap(({ name: game }) =>
    readdirSync(join(corpus, game))
      .filter((file) => file.endsWith('.jsonl'))
      .map((file) => `${game}/${file}`),
  );

const read = (log: string): MatchEvent[] => {
  const parsed = parseJsonLines(readFileSync(join(corpus, log), 'utf8'));
  if ('error' in parsed) throw new Error(`${log}: ${parsed.error.message}`);
  // ids unique across the store: one server holds every log
  return parsed.events.map((event) => ({ ...event, id: `${log}#${event.id}` }));
};

describe('the HTTP audit returns what the offline audit returns, for every log of the corpus', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  it('has logs to check, planted violations among them', () => {
    expect(logs.length).toBeGreaterThan(10);
    expect(logs.filter((log) => !log.endsWith('clean.jsonl')).every((log) => auditMatch(read(log)).length > 0)).toBe(true);
  });

  it.each(logs)('%s', async (log) => {
    const events = read(log);
    const matchId = log.replace(/[^A-Za-z0-9]/g, '-');
    // re-chained (the ids changed) and signed with this server's key, as its own export would be
    const imported = await t
      .http()
      .post(`/matches/import?matchId=${matchId}`)
      .set(t.organizer)
      .set('Content-Type', 'application/x-ndjson')
      .send(signedLog(t, matchId, events))
      .expect(201);
    expect(imported.body.revision).toBe(events.length);
    for (const language of ['en', 'es'] as const) {
      const { body } = await t.http().get(`/matches/${matchId}/audit`).set(t.organizer).set('Accept-Language', language).expect(200);
      expect(body.findings).toEqual(auditMatch(events, { language }));
    }
  });
});

import { openCatalog } from '@matchlog/catalog';
import { EventStore, openEventStore } from '@matchlog/store';
import { TestDatabase, createTestDatabase } from '@matchlog/testkit';
import { AppParts } from '../src/compose-parts';
import { openParts } from '../src/open-parts';
import { ApiConfig } from '../src/config/config';
import { EVENT_STORE } from '../src/injection-keys';
import { lorcanaMatch } from './support/fixtures';
import { TestApp, startTestApp } from './support/test-app';

/** The app's parts on a PostgreSQL event store, its catalog in its data directory (as read-your-writes.e2e does). */
const onPostgres =
  (url: string) =>
  (config: ApiConfig): Promise<AppParts> =>
    openParts(config, { stores: async () => ({ store: await openEventStore({ kind: 'postgres', url }), catalog: await openCatalog(config.dataDir) }) });

/**
 * Event ids are unique per match: an id another match holds is no concern of this one, so its append
 * answers exactly as a fresh id's, and the answer tells nothing of other matches (issue 37, §11).
 */
describe.each([
  ['SQLite', async () => ({ t: await startTestApp(), database: undefined as TestDatabase | undefined })],
  [
    'PostgreSQL',
    async () => {
      const database = await createTestDatabase();
      return { t: await startTestApp({}, onPostgres(database.url)), database };
    },
  ],
])('event ids per match, on %s', (_name, start) => {
  let t: TestApp;
  let database: TestDatabase | undefined;
  beforeAll(async () => ({ t, database } = await start()));
  afterAll(async () => {
    await t.close();
    await database?.drop();
  });

  let n = 0;
  const newMatch = async (eventId?: string) => {
    const matchId = `ids-${++n}`;
    const res = await t
      .http()
      .post('/matches')
      .set(t.organizer)
      .send({ ...lorcanaMatch(matchId), ...(eventId !== undefined && { eventId }) })
      .expect(201);
    return { matchId, recorder: res.body.tokens.recorder as string };
  };
  const append = (match: { matchId: string; recorder: string }, expectedRevision: number, events: unknown[]) =>
    t.http().post(`/matches/${match.matchId}/events`).set(t.bearer(match.recorder)).send({ expectedRevision, events });
  const turn = (id: string, player = 'p1', number = 1) => ({ id, type: 'TurnStarted', data: { player, turn: number } });
  const idsOf = async (matchId: string) => (await t.app.get<EventStore>(EVENT_STORE).readStream(matchId)).map((e) => e.id);

  it("accepts another match's event ids (its MatchCreated's and a later event's) with 201, exactly as fresh ids", async () => {
    const created = `ids-created-${n + 1}`;
    const victim = await newMatch(created);
    await append(victim, 1, [turn(`${victim.matchId}-secret`)]).expect(201);
    const [mine, fresh] = [await newMatch(), await newMatch()];

    const reusing = await append(mine, 1, [turn(`${victim.matchId}-secret`), turn(created, 'p2', 2)]);
    const freshly = await append(fresh, 1, [turn(`${fresh.matchId}-a`), turn(`${fresh.matchId}-b`, 'p2', 2)]);

    expect(reusing.status).toBe(201);
    expect({ ...reusing.body, matchId: '<id>', position: 0 }).toEqual({ ...freshly.body, matchId: '<id>', position: 0 });
    expect(reusing.body).toEqual({ matchId: mine.matchId, revision: 3, position: expect.any(Number) });
    expect((await idsOf(mine.matchId)).slice(1)).toEqual([`${victim.matchId}-secret`, created]);
    expect(await idsOf(victim.matchId)).toEqual([created, `${victim.matchId}-secret`]);
  });

  it('keeps DUPLICATE_EVENT_ID within a match as it was, and a retry there still answers its first result', async () => {
    const other = await newMatch();
    await append(other, 1, [turn('shared-id')]).expect(201);
    const match = await newMatch();
    const first = await append(match, 1, [turn('shared-id')]).expect(201);

    expect((await append(match, 1, [turn('shared-id')]).expect(201)).body).toEqual(first.body);
    const reused = await append(match, 2, [{ id: 'shared-id', type: 'MatchEnded', data: { reason: 'x' } }]).expect(409);
    expect(reused.body).toMatchObject({ statusCode: 409, code: 'DUPLICATE_EVENT_ID', eventId: 'shared-id' });
    expect(reused.body.message).toMatch(/give this event another id/);
    expect(reused.body.message).not.toContain(other.matchId);
    expect(await idsOf(match.matchId)).toHaveLength(2);
  });
});

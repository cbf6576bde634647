import { TimeSource } from '../src/time-source';
import { openParts } from '../src/open-parts';
import { PUBLIC_BROADCAST_MIN_SECONDS } from '@matchlog/domain';
import { lorcanaMatch } from './support/fixtures';
import { SseClient, listening } from './support/sse-client';
import { TestApp, startTestApp } from './support/test-app';

/** The server's time, under the test's control: it stamps recordedAt and measures the broadcast delay. */
const time = {
  at: Date.parse('2026-11-23T12:00:00.000Z'),
  now() {
    return this.at;
  },
} satisfies TimeSource & { at: number };
const turn = (n: number) => ({ type: 'TurnStarted', data: { player: n % 2 ? 'p1' : 'p2', turn: n } });

// The broadcast's delay holds on the live feed as on the views: nothing past the delayed revision, for anyone but the judge and the organizer.
describe('the live feed of a delayed broadcast', () => {
  let t: TestApp;
  let base: string;
  const open: SseClient[] = [];
  beforeAll(async () => {
    t = await startTestApp({}, (config) => openParts(config, { time }));
    base = await listening(t.app);
  });
  afterEach(() => open.splice(0).forEach((client) => client.destroy()));
  afterAll(() => t.close());

  const create = async (id: string, broadcast: object) =>
    (
      await t
        .http()
        .post('/matches')
        .set(t.organizer)
        .send({ ...lorcanaMatch(id), ...broadcast })
        .expect(201)
    ).body;
  const append = (id: string, expectedRevision: number, count: number) =>
    t
      .http()
      .post(`/matches/${id}/events`)
      .set(t.organizer)
      .send({ expectedRevision, events: Array.from({ length: count }, (_, k) => turn(expectedRevision + k)) })
      .expect(201);
  const feed = async (id: string, query: string, headers: Record<string, string> = {}) => {
    const client = await SseClient.open(`${base}/matches/${id}/feed?${query}`, headers);
    open.push(client);
    return client;
  };

  it('by events: opens at the delayed revision and lets each append through only once 3 more follow it', async () => {
    const { tokens } = await create('fb-events', { broadcastDelay: { events: 3 }, broadcastAccess: 'token' });
    const bc = { authorization: `Bearer ${tokens.broadcast}` };
    await append('fb-events', 1, 5);
    expect((await feed('fb-events', 'audience=broadcast')).problem).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
    const client = await feed('fb-events', 'audience=broadcast', bc);
    expect(await client.nextMessage()).toMatchObject({ event: 'view', id: '3' });
    await append('fb-events', 6, 1);
    expect(await client.nextMessage()).toMatchObject({ event: 'observation', id: '4' });
    await append('fb-events', 7, 2);
    expect((await client.until(6)).map((m) => m.id)).toEqual(['5', '6']);
    expect((await feed('fb-events', 'audience=broadcast&from=7', bc)).problem).toMatchObject({ statusCode: 400, code: 'REVISION_OUT_OF_RANGE' });
    const judge = await feed('fb-events', 'audience=broadcast', t.organizer);
    expect(await judge.nextMessage()).toMatchObject({ event: 'view', id: '9' });
  });

  it('by seconds: lets an event through once its time has passed, with no append to wake it', async () => {
    await create('fb-seconds', { broadcastDelay: { seconds: PUBLIC_BROADCAST_MIN_SECONDS } });
    // nothing shown yet: the match is not there for the broadcast (404, as a missing match)
    expect((await feed('fb-seconds', 'audience=broadcast')).problem).toMatchObject({ statusCode: 404, code: 'MATCH_NOT_FOUND' });
    time.at += (PUBLIC_BROADCAST_MIN_SECONDS + 1) * 1000;
    await append('fb-seconds', 1, 2);
    const client = await feed('fb-seconds', 'audience=broadcast');
    expect(await client.nextMessage()).toMatchObject({ event: 'view', id: '1' });
    time.at += (PUBLIC_BROADCAST_MIN_SECONDS + 1) * 1000;
    expect((await client.until(3)).map((m) => m.id)).toEqual(['2', '3']);
  });

  it('the public feed of a delayed match is held back as far (no spoilers around the delay), but for its players; an opted-out match runs it live', async () => {
    const { tokens } = await create('fb-public', { broadcastDelay: { seconds: PUBLIC_BROADCAST_MIN_SECONDS } });
    expect((await feed('fb-public', 'audience=public')).problem).toMatchObject({ statusCode: 404, code: 'MATCH_NOT_FOUND' });
    time.at += (PUBLIC_BROADCAST_MIN_SECONDS + 1) * 1000;
    await append('fb-public', 1, 2);
    const client = await feed('fb-public', 'audience=public');
    expect(await client.nextMessage()).toMatchObject({ event: 'view', id: '1' });
    const past = (await feed('fb-public', 'audience=public&from=2')).problem;
    expect(past).toMatchObject({ statusCode: 400, code: 'REVISION_OUT_OF_RANGE' });
    // the horizon, never the head (3)
    expect(JSON.stringify(past)).not.toContain('3');
    const player = await feed('fb-public', 'audience=public', { authorization: `Bearer ${tokens.players.p1}` });
    expect(await player.nextMessage()).toMatchObject({ event: 'view', id: '3' });
    time.at += (PUBLIC_BROADCAST_MIN_SECONDS + 1) * 1000;
    expect((await client.until(3)).map((m) => m.id)).toEqual(['2', '3']);
    await create('fb-public-out', { broadcastDelay: { seconds: PUBLIC_BROADCAST_MIN_SECONDS, holdBackPublic: false } });
    await append('fb-public-out', 1, 2);
    expect(await (await feed('fb-public-out', 'audience=public')).nextMessage()).toMatchObject({ event: 'view', id: '3' });
  });

  it("is never a player's, even public; a match with no broadcast options has no broadcast feed", async () => {
    const { tokens } = await create('fb-players', { broadcastDelay: { seconds: PUBLIC_BROADCAST_MIN_SECONDS } });
    for (const player of Object.values(tokens.players) as string[])
      expect((await feed('fb-players', 'audience=broadcast', { authorization: `Bearer ${player}` })).problem).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    await create('fb-none', {});
    for (const headers of [{}, t.organizer]) expect((await feed('fb-none', 'audience=broadcast', headers)).problem).toMatchObject({ statusCode: 404, code: 'AUDIENCE_NOT_FOUND' });
  });
});

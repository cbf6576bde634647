import { MatchEvent, PUBLIC_BROADCAST_MIN_SECONDS } from '@matchlog/domain';
import { lorcanaMatch } from './support/fixtures';
import { signedLog } from './support/signed-log';
import { SseClient, listening } from './support/sse-client';
import { TestApp, startTestApp } from './support/test-app';
import { tcgOnlineSamples } from '@matchlog/testkit';

const tcgOnlineReplay = JSON.parse(tcgOnlineSamples().find((sample) => sample.name.startsWith('07-'))!.json);

// Who may do what: every route, every kind of caller, against match "acc" ("of another": match "acc-other").
const CALLERS = ['anonymous', 'organizer', 'judge', 'player', 'player of another', 'recorder', 'recorder of another', 'judge of another'] as const;
type Caller = (typeof CALLERS)[number];

//                                    anonymous organizer judge player p.other recorder r.other j.other
const EXPECTED: Record<string, number[]> = {
  'GET /health': [200, 200, 200, 200, 200, 200, 200, 200],
  'GET /health/ready': [200, 200, 200, 200, 200, 200, 200, 200],
  'GET /.well-known/jwks.json': [200, 200, 200, 200, 200, 200, 200, 200],
  'GET /matches': [200, 200, 200, 200, 200, 200, 200, 200],
  'POST /matches': [401, 201, 403, 403, 403, 403, 403, 403],
  'POST /matches/import': [401, 201, 403, 403, 403, 403, 403, 403],
  'POST /matches/import/tcg-online': [401, 201, 403, 403, 403, 403, 403, 403],
  'GET /matches/:id': [200, 200, 200, 200, 200, 200, 200, 200],
  'POST /matches/:id/tokens': [401, 201, 403, 403, 403, 403, 403, 403],
  'POST /matches/:id/events': [401, 201, 403, 403, 403, 201, 403, 403],
  'GET /matches/:id/events?audience=public': [200, 200, 200, 200, 200, 200, 200, 200],
  'GET /matches/:id/events?audience=p1': [401, 200, 200, 200, 403, 403, 403, 403],
  'GET /matches/:id/events?audience=judge': [401, 200, 200, 403, 403, 200, 403, 403],
  'GET /matches/:id/views/public': [200, 200, 200, 200, 200, 200, 200, 200],
  'GET /matches/:id/views/p1': [401, 200, 200, 200, 403, 403, 403, 403],
  'GET /matches/:id/views/p2': [401, 200, 200, 403, 403, 403, 403, 403],
  'GET /matches/:id/views/judge': [401, 200, 200, 403, 403, 200, 403, 403],
  'GET /matches/:id/queue': [200, 200, 200, 200, 200, 200, 200, 200],
  'GET /matches/:id/receipt': [200, 200, 200, 200, 200, 200, 200, 200],
  'GET /matches/:id/verify': [401, 200, 200, 403, 403, 403, 403, 403],
  'GET /matches/:id/export': [401, 200, 200, 403, 403, 403, 403, 403],
  'GET /matches/:id/audit': [401, 200, 200, 403, 403, 403, 403, 403],
  'GET /matches/:id/knowledge': [401, 200, 200, 403, 403, 403, 403, 403],
  'GET /matches/:id/clock': [401, 200, 200, 403, 403, 403, 403, 403],
  // statistics: public figures for anyone (a player's own and the organizer's ride along in the same answer)
  'GET /stats/cards?game=lorcana': [200, 200, 200, 200, 200, 200, 200, 200],
  'GET /stats/decks?game=lorcana': [200, 200, 200, 200, 200, 200, 200, 200],
  'GET /stats/matchups?game=lorcana': [200, 200, 200, 200, 200, 200, 200, 200],
  'POST /matches/:id/audit/deliveries': [401, 200, 200, 403, 403, 403, 403, 403],
  // last: once void, the match takes no more events
  'POST /matches/:id/void': [401, 201, 403, 403, 403, 403, 403, 403],
};

describe('access control: every route x every kind of caller', () => {
  let t: TestApp;
  let headers: Record<Caller, Record<string, string>>;
  let unique = 0;

  beforeAll(async () => {
    t = await startTestApp();
    const mine = (await t.http().post('/matches').set(t.organizer).send(lorcanaMatch('acc')).expect(201)).body.tokens;
    const other = (await t.http().post('/matches').set(t.organizer).send(lorcanaMatch('acc-other')).expect(201)).body.tokens;
    headers = {
      anonymous: {},
      organizer: t.organizer,
      judge: t.bearer(mine.judge),
      player: t.bearer(mine.players.p1),
      'player of another': t.bearer(other.players.p1),
      recorder: t.bearer(mine.recorder),
      'recorder of another': t.bearer(other.recorder),
      'judge of another': t.bearer(other.judge),
    };
  });
  afterAll(() => t.close());

  const revision = async () => (await t.http().get('/matches/acc/views/judge').set(t.organizer).expect(200)).body.revision as number;

  /** The request for a route, with a body its callers who may would get a success with. */
  const send = async (route: string, as: Record<string, string>) => {
    const [method, template] = route.split(' ');
    const path = template.replace(':id', 'acc');
    const id = `acc-${++unique}`;
    if (route === 'POST /matches') return t.http().post(path).set(as).send(lorcanaMatch(id));
    if (route === 'POST /matches/import') {
      const created = {
        id: `${id}-created`,
        type: 'MatchCreated',
        data: lorcanaMatch(),
        meta: { recordedBy: 'organizer', recordedAt: '2026-11-23T10:00:00.000Z' },
      } as unknown as MatchEvent;
      return t
        .http()
        .post(`${path}?matchId=${id}`)
        .set(as)
        .set('Content-Type', 'application/x-ndjson')
        .send(signedLog(t, id, [created]));
    }
    if (route === 'POST /matches/import/tcg-online')
      return t
        .http()
        .post(path)
        .set(as)
        .set('Content-Type', 'application/json')
        .send({ ...tcgOnlineReplay, gameId: id });
    if (route === 'POST /matches/:id/tokens')
      return t
        .http()
        .post(path)
        .set(as)
        .send({ roles: ['p2'] });
    if (route === 'POST /matches/:id/events')
      return t
        .http()
        .post(path)
        .set(as)
        .send({ expectedRevision: await revision(), events: [{ type: 'TurnStarted', data: { player: 'p1', turn: 1 } }] });
    if (route === 'POST /matches/:id/void') return t.http().post(path).set(as).send({ reason: 'recorded twice' });
    if (route === 'POST /matches/:id/audit/deliveries')
      return t
        .http()
        .post(path)
        .set(as)
        .send({ deliveries: [{ audience: 'public', revision: 1, payload: {} }] });
    return method === 'GET' ? t.http().get(path).set(as) : t.http().post(path).set(as);
  };

  it('answers each caller as the table says', async () => {
    const actual: Record<string, number[]> = {};
    for (const route of Object.keys(EXPECTED)) {
      actual[route] = [];
      for (const caller of CALLERS) actual[route].push((await send(route, headers[caller])).status);
    }
    expect(actual).toEqual(EXPECTED);
  });
});

// The broadcast (issue 15 §1): none without broadcast options; a public one (300 s behind) anyone's but a
// player's; a token one its token's, the judge's and the organizer's. During the match and after it.
const BROADCAST_CALLERS = ['anonymous', 'organizer', 'judge', 'p1', 'p2', 'player of another', 'recorder', 'broadcast token', 'broadcast of another', 'judge of another'] as const;
type BroadcastCaller = (typeof BROADCAST_CALLERS)[number];
const BROADCAST_ROUTES = ['views/broadcast', 'events?audience=broadcast', 'queue?audience=broadcast', 'feed?audience=broadcast'];

//                      anonymous organizer judge p1   p2   p.other recorder bc   bc.other j.other
const BROADCAST_EXPECTED: Record<string, number[]> = {
  'no broadcast': [404, 404, 404, 404, 404, 404, 404, 404, 404, 404],
  'public, 300 s': [200, 200, 200, 403, 403, 403, 200, 200, 200, 200],
  token: [401, 200, 200, 403, 403, 403, 403, 200, 403, 403],
};

describe('access control: the broadcast, every route x every kind of caller x every broadcast setting', () => {
  let t: TestApp;
  let base: string;
  const SETTINGS: Record<string, object> = {
    'no broadcast': {},
    'public, 300 s': { broadcastDelay: { seconds: PUBLIC_BROADCAST_MIN_SECONDS } },
    token: { broadcastAccess: 'token' },
  };
  const headers: Partial<Record<string, Record<BroadcastCaller, Record<string, string>>>> = {};

  beforeAll(async () => {
    t = await startTestApp();
    base = await listening(t.app);
    const other = (
      await t
        .http()
        .post('/matches')
        .set(t.organizer)
        .send({ ...lorcanaMatch('bca-other'), broadcastAccess: 'token' })
        .expect(201)
    ).body.tokens;
    for (const [setting, options] of Object.entries(SETTINGS)) {
      const id = `bca-${Object.keys(SETTINGS).indexOf(setting)}`;
      const mine = (
        await t
          .http()
          .post('/matches')
          .set(t.organizer)
          .send({ ...lorcanaMatch(id), ...options })
          .expect(201)
      ).body.tokens;
      const broadcastToken = setting === 'token' ? mine.broadcast : other.broadcast;
      headers[id] = {
        anonymous: {},
        organizer: t.organizer,
        judge: t.bearer(mine.judge),
        p1: t.bearer(mine.players.p1),
        p2: t.bearer(mine.players.p2),
        'player of another': t.bearer(other.players.p1),
        recorder: t.bearer(mine.recorder),
        'broadcast token': t.bearer(broadcastToken),
        'broadcast of another': t.bearer(other.broadcast),
        'judge of another': t.bearer(other.judge),
      };
    }
  });
  afterAll(() => t.close());

  const status = async (id: string, route: string, as: Record<string, string>): Promise<number> => {
    if (!route.startsWith('feed')) return (await t.http().get(`/matches/${id}/${route}`).set(as)).status;
    const client = await SseClient.open(`${base}/matches/${id}/${route}`, as);
    client.destroy();
    return client.problem?.statusCode ?? 200;
  };

  const matrix = async () => {
    const actual: Record<string, number[]> = {};
    for (const [i, setting] of Object.keys(SETTINGS).entries())
      for (const route of BROADCAST_ROUTES) {
        const row: number[] = [];
        for (const caller of BROADCAST_CALLERS) row.push(await status(`bca-${i}`, route, headers[`bca-${i}`]![caller]));
        // every route of a setting answers alike
        expect({ [`${setting}: ${route}`]: row }).toEqual({ [`${setting}: ${route}`]: BROADCAST_EXPECTED[setting] });
        actual[setting] = row;
      }
    return actual;
  };

  it('answers each caller as the table says, during the match and after MatchEnded', async () => {
    expect(await matrix()).toEqual(BROADCAST_EXPECTED);
    for (const i of Object.keys(SETTINGS).keys())
      await t
        .http()
        .post(`/matches/bca-${i}/events`)
        .set(t.organizer)
        .send({ expectedRevision: 1, events: [{ type: 'MatchEnded', data: { winner: 'p1', reason: 'lore' } }] })
        .expect(201);
    expect(await matrix()).toEqual(BROADCAST_EXPECTED);
  });
});

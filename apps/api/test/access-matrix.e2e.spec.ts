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
  // the server's log: anyone may read a match's entries, and enter its public receipt (201 the first time, then the same entry)
  'GET /matches/:id/log': [200, 200, 200, 200, 200, 200, 200, 200],
  'POST /matches/:id/log': [201, 200, 200, 200, 200, 200, 200, 200],
  'GET /matches/:id/verify': [401, 200, 200, 403, 403, 403, 403, 403],
  'GET /matches/:id/export': [401, 200, 200, 403, 403, 403, 403, 403],
  'GET /matches/:id/audit': [401, 200, 200, 403, 403, 403, 403, 403],
  'GET /matches/:id/knowledge': [401, 200, 200, 403, 403, 403, 403, 403],
  'GET /matches/:id/clock': [401, 200, 200, 403, 403, 403, 403, 403],
  // statistics: public figures for anyone (a player's own and the organizer's ride along in the same answer)
  'GET /stats/cards?game=lorcana': [200, 200, 200, 200, 200, 200, 200, 200],
  'GET /stats/decks?game=lorcana': [200, 200, 200, 200, 200, 200, 200, 200],
  'GET /stats/matchups?game=lorcana': [200, 200, 200, 200, 200, 200, 200, 200],
  'GET /stats/leads?game=four-souls': [200, 200, 200, 200, 200, 200, 200, 200],
  'POST /matches/:id/audit/deliveries': [401, 200, 200, 403, 403, 403, 403, 403],
  // the round's log: the organizer closes a round (409: the fixture's round has a game in progress), anyone reads it
  'POST /rounds/close': [401, 409, 403, 403, 403, 403, 403, 403],
  'GET /rounds/log?event=Lyon%20Regional&round=3': [200, 200, 200, 200, 200, 200, 200, 200],
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
    if (route === 'POST /rounds/close') return t.http().post(path).set(as).send({ event: 'Lyon Regional', round: 3 });
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
  }, 90_000);
});

// The broadcast (issue 15 §1): none without broadcast options; a public one (300 s behind) anyone's but a
// player's, once its delay shows something (inside its window the match is not there for anyone but the
// organizer and its own judge, recorder and players: 404 as for a missing match, issue 37); a token one its
// token's, the judge's and the organizer's. During the match and after it.
const BROADCAST_CALLERS = ['anonymous', 'organizer', 'judge', 'p1', 'p2', 'player of another', 'recorder', 'broadcast token', 'broadcast of another', 'judge of another'] as const;
type BroadcastCaller = (typeof BROADCAST_CALLERS)[number];
const BROADCAST_ROUTES = ['views/broadcast', 'events?audience=broadcast', 'queue?audience=broadcast', 'feed?audience=broadcast'];

//                      anonymous organizer judge p1   p2   p.other recorder bc   bc.other j.other
const BROADCAST_EXPECTED: Record<string, number[]> = {
  'no broadcast': [404, 404, 404, 404, 404, 404, 404, 404, 404, 404],
  'public, 300 s': [404, 200, 200, 403, 403, 404, 200, 404, 404, 404],
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

// The judge's desk (issue 36 §3): every new route x every kind of caller, on match "desk" (created with a broadcast token).
const DESK_CALLERS = ['anonymous', 'organizer', 'judge', 'judge of another', 'recorder', 'recorder of another', 'p1', 'p2', 'player of another', 'broadcast token'] as const;
type DeskCaller = (typeof DESK_CALLERS)[number];

//                                                anon org  judge j.oth rec  r.oth p1   p2   p.oth bc
const DESK_EXPECTED: Record<string, number[]> = {
  'POST /matches/:id/calls': [401, 201, 403, 403, 201, 403, 201, 201, 403, 403],
  'GET /matches/:id/calls': [401, 200, 200, 403, 403, 403, 403, 403, 403, 403],
  'POST /matches/:id/calls/:callId/claim': [401, 200, 200, 403, 403, 403, 403, 403, 403, 403],
  'POST /matches/:id/calls/:callId/escalate': [401, 200, 200, 403, 403, 403, 403, 403, 403, 403],
  'POST /matches/:id/calls/:callId/resolve': [401, 200, 200, 403, 403, 403, 403, 403, 403, 403],
  'POST /matches/:id/rulings': [401, 201, 201, 403, 403, 403, 403, 403, 403, 403],
  'POST /matches/:id/notes': [401, 201, 201, 403, 403, 403, 403, 403, 403, 403],
  'GET /desk/calls?event=Lyon Regional': [401, 200, 403, 403, 403, 403, 403, 403, 403, 403],
  'GET /desk/history?event=Lyon Regional': [401, 200, 403, 403, 403, 403, 403, 403, 403, 403],
  'GET /desk/penalties': [200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
};

describe("access control: the judge's desk, every route x every kind of caller", () => {
  let t: TestApp;
  let headers: Record<DeskCaller, Record<string, string>>;
  let unique = 0;

  beforeAll(async () => {
    t = await startTestApp();
    const mine = (
      await t
        .http()
        .post('/matches')
        .set(t.organizer)
        .send({ ...lorcanaMatch('desk'), broadcastAccess: 'token' })
        .expect(201)
    ).body.tokens;
    const other = (await t.http().post('/matches').set(t.organizer).send(lorcanaMatch('desk-other')).expect(201)).body.tokens;
    headers = {
      anonymous: {},
      organizer: t.organizer,
      judge: t.bearer(mine.judge),
      'judge of another': t.bearer(other.judge),
      recorder: t.bearer(mine.recorder),
      'recorder of another': t.bearer(other.recorder),
      p1: t.bearer(mine.players.p1),
      p2: t.bearer(mine.players.p2),
      'player of another': t.bearer(other.players.p1),
      'broadcast token': t.bearer(mine.broadcast),
    };
  });
  afterAll(() => t.close());

  /** A call of its own for each request that changes one (a resolved call takes nothing more). */
  const newCall = async () => (await t.http().post('/matches/desk/calls').set(t.organizer).send({ at: 1, reason: 'a question' }).expect(201)).body.callId as string;

  const send = async (route: string, as: Record<string, string>) => {
    const [method, template] = route.split(' ');
    const path = template.replace(':id', 'desk').replace(':callId', template.includes(':callId') ? await newCall() : '');
    const body: Record<string, object> = {
      'POST /matches/:id/calls': { at: 1, reason: `call ${++unique}` },
      'POST /matches/:id/rulings': { player: 'p1', infraction: 'Slow play', penalty: 'Caution', judge: 'Hugo' },
      'POST /matches/:id/notes': { at: 1, text: 'a note' },
    };
    if (method === 'GET') return t.http().get(path).set(as);
    return t
      .http()
      .post(path)
      .set(as)
      .send(body[route] ?? { judge: 'Hugo' });
  };

  it('answers each caller as the table says', async () => {
    const actual: Record<string, number[]> = {};
    for (const route of Object.keys(DESK_EXPECTED)) {
      actual[route] = [];
      for (const caller of DESK_CALLERS) actual[route].push((await send(route, headers[caller])).status);
    }
    expect(actual).toEqual(DESK_EXPECTED);
  });

  it('a held-back match leaks nothing of its desk: a published note waits behind the delay like every event, and no new route shows its calls to anyone but its judge and the organizer', async () => {
    const held = (
      await t
        .http()
        .post('/matches')
        .set(t.organizer)
        .send({ ...lorcanaMatch('desk-held'), broadcastDelay: { seconds: PUBLIC_BROADCAST_MIN_SECONDS } })
        .expect(201)
    ).body.tokens;
    await t.http().post('/matches/desk-held/calls').set(t.bearer(held.players.p1)).send({ at: 1, reason: 'a question' }).expect(201);
    await t.http().post('/matches/desk-held/notes').set(t.bearer(held.judge)).send({ at: 1, text: 'published at once', published: true }).expect(201);
    // inside its window the match is not there for them at all (held-back-vs-missing.e2e.spec.ts)
    for (const as of [{}, headers['player of another'], headers['judge of another']]) {
      for (const path of ['views/public', 'views/broadcast', 'views/broadcast?at=3'])
        expect((await t.http().get(`/matches/desk-held/${path}`).set(as).expect(404)).body.code).toBe('MATCH_NOT_FOUND');
      expect([401, 403]).toContain((await t.http().get('/matches/desk-held/calls').set(as)).status);
    }
    // the players and the judge see the head
    expect((await t.http().get('/matches/desk-held/views/p2').set(t.bearer(held.players.p2)).expect(200)).body.desk.notes).toEqual([{ noteId: expect.any(String), at: 1 }]);
    expect((await t.http().get('/matches/desk-held/calls').set(t.bearer(held.judge)).expect(200)).body.calls).toHaveLength(1);
  });
});

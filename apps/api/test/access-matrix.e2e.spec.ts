import { MatchEvent } from '@matchlog/domain';
import { lorcanaMatch } from './support/fixtures';
import { signedLog } from './support/signed-log';
import { TestApp, startTestApp } from './support/test-app';

// Who may do what: every route, every kind of caller, against match "acc" ("of another": match "acc-other").
const CALLERS = ['anonymous', 'organizer', 'judge', 'player', 'player of another', 'recorder', 'recorder of another', 'judge of another'] as const;
type Caller = (typeof CALLERS)[number];

//                                    anonymous organizer judge player p.other recorder r.other j.other
const EXPECTED: Record<string, number[]> = {
  'GET /health':                           [200, 200, 200, 200, 200, 200, 200, 200],
  'GET /health/ready':                     [200, 200, 200, 200, 200, 200, 200, 200],
  'GET /.well-known/jwks.json':            [200, 200, 200, 200, 200, 200, 200, 200],
  'GET /matches':                          [200, 200, 200, 200, 200, 200, 200, 200],
  'POST /matches':                         [401, 201, 403, 403, 403, 403, 403, 403],
  'POST /matches/import':                  [401, 201, 403, 403, 403, 403, 403, 403],
  'GET /matches/:id':                      [200, 200, 200, 200, 200, 200, 200, 200],
  'POST /matches/:id/tokens':              [401, 201, 403, 403, 403, 403, 403, 403],
  'POST /matches/:id/events':              [401, 201, 403, 403, 403, 201, 403, 403],
  'GET /matches/:id/events?audience=public': [200, 200, 200, 200, 200, 200, 200, 200],
  'GET /matches/:id/events?audience=p1':   [401, 200, 200, 200, 403, 403, 403, 403],
  'GET /matches/:id/events?audience=judge': [401, 200, 200, 403, 403, 200, 403, 403],
  'GET /matches/:id/views/public':         [200, 200, 200, 200, 200, 200, 200, 200],
  'GET /matches/:id/views/p1':             [401, 200, 200, 200, 403, 403, 403, 403],
  'GET /matches/:id/views/p2':             [401, 200, 200, 403, 403, 403, 403, 403],
  'GET /matches/:id/views/judge':          [401, 200, 200, 403, 403, 200, 403, 403],
  'GET /matches/:id/queue':                [200, 200, 200, 200, 200, 200, 200, 200],
  'GET /matches/:id/receipt':              [200, 200, 200, 200, 200, 200, 200, 200],
  'GET /matches/:id/verify':               [401, 200, 200, 403, 403, 403, 403, 403],
  'GET /matches/:id/export':               [401, 200, 200, 403, 403, 403, 403, 403],
  'GET /matches/:id/audit':                [401, 200, 200, 403, 403, 403, 403, 403],
  'GET /matches/:id/knowledge':            [401, 200, 200, 403, 403, 403, 403, 403],
  'POST /matches/:id/audit/deliveries':    [401, 200, 200, 403, 403, 403, 403, 403],
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
      const created = { id: `${id}-created`, type: 'MatchCreated', data: lorcanaMatch(), meta: { recordedBy: 'organizer', recordedAt: '2026-11-23T10:00:00.000Z' } } as unknown as MatchEvent;
      return t.http().post(`${path}?matchId=${id}`).set(as).set('Content-Type', 'application/x-ndjson').send(signedLog(t, id, [created]));
    }
    if (route === 'POST /matches/:id/tokens') return t.http().post(path).set(as).send({ roles: ['p2'] });
    if (route === 'POST /matches/:id/events') return t.http().post(path).set(as).send({ expectedRevision: await revision(), events: [{ type: 'TurnStarted', data: { player: 'p1', turn: 1 } }] });
    if (route === 'POST /matches/:id/audit/deliveries') return t.http().post(path).set(as).send({ deliveries: [{ audience: 'public', revision: 1, payload: {} }] });
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

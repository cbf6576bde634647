import { EventStore } from '@matchlog/store';
import fc from 'fast-check';
import { Server } from 'http';
import { EVENT_STORE } from '../src/injection-keys';
import { draw, lorcanaMatch } from './support/fixtures';
import { TestApp, startTestApp } from './support/test-app';

const RUNS = 2500;
const MATCH = 'fuzz-1';

/** Raw bodies no JSON encoder would write: malformed, hostile or absurdly deep. */
const RAW = [
  '',
  '{',
  'null',
  '[]',
  '"x"',
  '1e999',
  '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
  '{"a":'.repeat(5000) + '1' + '}'.repeat(5000),
  '['.repeat(20000) + ']'.repeat(20000),
  '{"events":' + '['.repeat(3000) + ']'.repeat(3000) + ',"expectedRevision":1}',
  '\u0000\uffff',
];

/** Every path into a JSON value, so one of them can be replaced. */
const pathsOf = (value: unknown, at: (string | number)[] = []): (string | number)[][] =>
  typeof value === 'object' && value !== null ? [at, ...Object.entries(value).flatMap(([key, child]) => pathsOf(child, [...at, Array.isArray(value) ? Number(key) : key]))] : [at];

const replaced = (value: unknown, path: (string | number)[], by: unknown): unknown => {
  if (path.length === 0) return by;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[path[0]] = replaced(copy[path[0]], path.slice(1), by);
  return copy;
};

/** A valid body with one part swapped for anything JSON can hold. */
const mutationOf = (valid: unknown) => {
  const paths = pathsOf(valid);
  return fc.tuple(fc.nat({ max: paths.length - 1 }), fc.jsonValue({ maxDepth: 3 })).map(([i, by]) => replaced(valid, paths[i], by));
};

const bodyFor = (valid: unknown) =>
  fc.oneof(
    { weight: 4, arbitrary: mutationOf(valid).map((json) => ({ json })) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((json) => ({ json })) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW).map((raw) => ({ raw })) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }).map((raw) => ({ raw })) },
  );

const matchId = fc.oneof(fc.constant(MATCH), fc.constantFrom('nope', 'tokens@fuzz-1', '..', '%2e%2e', 'a'.repeat(300), 'a'.repeat(400), 'ü', ' '), fc.string({ maxLength: 20 }));

describe('fuzz: hostile bodies and parameters against every write endpoint', () => {
  let t: TestApp;
  let tokens: { players: Record<string, string>; judge: string };
  let store: EventStore;

  beforeAll(async () => {
    t = await startTestApp();
    await new Promise<void>((resolve) => (t.app.getHttpServer() as Server).listen(0, '127.0.0.1', resolve)); // one socket server for every request
    tokens = (await t.http().post('/matches').set(t.organizer).send(lorcanaMatch(MATCH)).expect(201)).body.tokens;
    await t
      .http()
      .post(`/matches/${MATCH}/events`)
      .set(t.organizer)
      .send({ expectedRevision: 1, events: [draw('c01')] })
      .expect(201);
    store = t.app.get<EventStore>(EVENT_STORE);
  });
  afterAll(() => t.close());

  const endpoints = [
    { path: () => '/matches', body: bodyFor({ ...lorcanaMatch('fuzz-new'), eventId: 'fuzz-created' }) },
    {
      path: (id: string) => `/matches/${encodeURIComponent(id)}/events`,
      body: bodyFor({ expectedRevision: 2, events: [{ id: 'fuzz-e', type: 'TurnStarted', data: { player: 'p1', turn: 1 } }, draw('c02')] }),
    },
    {
      path: (id: string) => `/matches/${encodeURIComponent(id)}/audit/deliveries`,
      body: bodyFor({ deliveries: [{ audience: 'public', revision: 1, payload: { hand: ['Be Prepared'] } }] }),
    },
    { path: (id: string) => `/matches/${encodeURIComponent(id)}/tokens`, body: bodyFor({ roles: ['p1', 'judge'] }) },
    { path: (id: string) => `/matches/import?matchId=${encodeURIComponent(id)}`, body: bodyFor({ line: 1 }), ndjson: true },
  ];

  it(`${RUNS} hostile requests: never a 5xx, every error in the one shape, nothing written by a refused request`, async () => {
    const request = fc
      .record({
        endpoint: fc.nat({ max: endpoints.length - 1 }),
        auth: fc.constantFrom('organizer', 'judge', 'player', 'none', 'garbage'),
        id: matchId,
        query: fc.option(fc.dictionary(fc.constantFrom('at', 'from', 'to', 'audience', 'matchId', 'x'), fc.string({ maxLength: 10 }), { maxKeys: 2 })),
      })
      .chain((r) => fc.record({ request: fc.constant(r), body: endpoints[r.endpoint].body }));
    const headers = { organizer: t.organizer, judge: t.bearer(tokens.judge), player: t.bearer(tokens.players.p1), none: {}, garbage: { Authorization: 'Bearer \u00ff nope' } };
    const statuses = new Map<number, number>();

    await fc.assert(
      fc.asyncProperty(request, async ({ request: { endpoint, auth, id, query }, body }) => {
        const before = (await store.readAll(0, 1_000_000)).length;
        const { path, ndjson } = endpoints[endpoint];
        let call = t
          .http()
          .post(path(id))
          .set(headers[auth] as Record<string, string>);
        if (query) call = call.query(query);
        const res =
          'raw' in body
            ? await call.set('Content-Type', ndjson ? 'application/x-ndjson' : 'application/json').send(body.raw)
            : ndjson
              ? await call.set('Content-Type', 'application/x-ndjson').send(JSON.stringify(body.json))
              : await call.set('Content-Type', 'application/json').send(JSON.stringify(body.json));
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) {
          expect(res.body).toEqual(expect.objectContaining({ statusCode: res.status, code: expect.stringMatching(/^[A-Z_]+$/), message: expect.any(String) }));
          if (res.body.details !== undefined) for (const detail of res.body.details) expect(detail).toEqual({ path: expect.any(String), message: expect.any(String) });
          expect((await store.readAll(0, 1_000_000)).length).toBe(before);
        }
      }),
      { numRuns: RUNS },
    );
    // the fuzz reached past the guard and the validation, not only the early refusals
    expect([...statuses.keys()]).toEqual(expect.arrayContaining([400, 401, 403, 404]));
    expect({} as Record<string, unknown>).not.toHaveProperty('polluted');
  }, 60_000);
});

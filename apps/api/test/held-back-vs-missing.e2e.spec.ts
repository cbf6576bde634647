import { generateKeyPairSync } from 'crypto';
import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { TestDatabase, createTestDatabase } from '@matchlog/testkit';
import { lorcanaMatch } from './support/fixtures';
import { TestApp, partsWithTime, startTestApp } from './support/test-app';

/** The server's time, under the test's control: nothing recorded is an hour old until the last test moves it on. */
const time = {
  at: Date.parse('2026-11-28T10:00:00.000Z'),
  now() {
    return this.at;
  },
};

// the ids the form suggests, all of one length: an answer about one, its id substituted, is byte for byte one about another
const BY_SECONDS = 'hbs-r1-t1-g3';
const BY_EVENTS = 'hbe-r1-t1-g3';
const NEVER = 'hbn-r1-t1-g3';
const OTHER = 'hbo-r1-t1-g1';
const HELD_EVENT = 'Held Cup';
const NEVER_EVENT = 'None Cup';

type Answer = { status: number | 'stream open'; headers: Record<string, string>; body: string };
type Operation = { method: 'get' | 'post'; path: string; parameters: { name: string; in: string }[] };

/** p1's lore, three times: the held-back matches' heads are at revision 4, which no answer may name. */
const lore = [1, 2, 3].map((to) => ({ type: 'CounterChanged', data: { counter: 'lore', player: 'p1', to } }));

/** A body its callers who may would be answered with, per write route: a route that read the match before checking the caller would show it. */
const BODIES: [RegExp, object][] = [
  [/\/tokens$/, { roles: ['p2'] }],
  [/\/void$/, { reason: 'recorded twice' }],
  [/\/events$/, { expectedRevision: 4, events: [{ type: 'TurnStarted', data: { player: 'p1', turn: 1 } }] }],
  [/\/audit\/deliveries$/, { deliveries: [{ audience: 'public', revision: 1, payload: {} }] }],
  [/\/calls$/, { at: 1, reason: 'a question about the stack' }],
  [/\/calls\/\{callId\}\/(claim|escalate|resolve)$/, { judge: 'Sam' }],
  [/\/rulings$/, { infraction: 'Drew extra cards', penalty: 'Warning', remedy: 'shuffled back', judge: 'Sam' }],
  [/\/notes$/, { at: 1, text: 'watching this table' }],
];

/**
 * Each way to call an operation naming a match: plain, then one parameter at a time at the values that
 * told a held-back match from a missing one (an audience of each kind; a revision past the head, at it, at 0).
 */
const requestsOf = (operation: Operation): { path: string; query: string; headers: Record<string, string> }[] => {
  const audiences = ['public', 'broadcast', 'p1', 'p2', 'judge'];
  const paths = operation.path.includes('{audience}') ? audiences.map((audience) => operation.path.replace('{audience}', audience)) : [operation.path];
  const queries = [''];
  const headers: Record<string, string>[] = [{}];
  for (const { name, in: where } of operation.parameters) {
    if (where === 'query' && name === 'audience') queries.push(...audiences.map((audience) => `audience=${audience}`));
    if (where === 'query' && ['at', 'from', 'to'].includes(name)) queries.push(`${name}=999`, `${name}=4`, `${name}=1`, `${name}=0`);
    if (where === 'query' && name === 'after') queries.push('after=0');
    if (where === 'header' && name.toLowerCase() === 'last-event-id') headers.push({ 'Last-Event-ID': '999' }, { 'Last-Event-ID': '1' });
    if (where === 'header' && name === 'accept-language') headers.push({ 'Accept-Language': 'es' });
  }
  return paths.flatMap((path) => [
    ...queries.map((query) => ({ path: path.replace('{callId}', 'call-1'), query, headers: {} })),
    ...headers.slice(1).map((header) => ({ path: path.replace('{callId}', 'call-1'), query: '', headers: header })),
  ]);
};

describe.each([
  ['SQLite', false],
  ['PostgreSQL', true],
])('a match held back by its delay does not exist to strangers, on %s', (_store, postgres) => {
  let database: TestDatabase | undefined;
  let t: TestApp;
  let operations: Operation[];
  let callers: Record<string, Record<string, string>>;
  let held: { tokens: { judge: string; recorder: string; players: Record<string, string> } };

  beforeAll(async () => {
    database = postgres ? await createTestDatabase() : undefined;
    // instances sharing a PostgreSQL store share their signing key: one made for this file
    const signingKeyFile = join(mkdtempSync(join(tmpdir(), 'matchlog-held-back-')), 'signing-key.pem');
    writeFileSync(signingKeyFile, generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
    const storage = database ? { store: 'postgres' as const, databaseUrl: database.url, catalog: { kind: 'postgres' as const, url: database.url }, signingKeyFile } : {};
    t = await startTestApp(storage, partsWithTime(time));
    const create = async (matchId: string, extra: object, event = HELD_EVENT, game = 3) =>
      (
        await t
          .http()
          .post('/matches')
          .set(t.organizer)
          .send({ ...lorcanaMatch(matchId), tournament: { event, round: 1, table: 1, game, bestOf: 3 }, ...extra })
          .expect(201)
      ).body;
    held = await create(BY_SECONDS, { broadcastDelay: { seconds: 3600 }, broadcastAccess: 'token' });
    const heldBroadcast = held as unknown as { tokens: { broadcast: string } };
    await t.http().post(`/matches/${BY_SECONDS}/events`).set(t.organizer).send({ expectedRevision: 1, events: lore }).expect(201);
    await create(BY_EVENTS, { broadcastDelay: { events: 10 }, broadcastAccess: 'token' }, 'Held By Events Cup');
    await t.http().post(`/matches/${BY_EVENTS}/events`).set(t.organizer).send({ expectedRevision: 1, events: lore }).expect(201);
    // a match anyone sees, whose tokens are "another match's"
    const other = (await create(OTHER, { broadcastAccess: 'token' }, 'Other Cup', 1)).tokens;
    callers = {
      anonymous: {},
      "the held match's own broadcast token": t.bearer(heldBroadcast.tokens.broadcast),
      "another match's broadcast token": t.bearer(other.broadcast),
      "another match's player": t.bearer(other.players.p1),
      "another match's judge": t.bearer(other.judge),
      "another match's recorder": t.bearer(other.recorder),
      'a token that is not ours': t.bearer('mlt_not-a-token-of-this-server'),
    };
    // the routes as the app itself lists them: a route added later is in the matrix without a word here
    const document = (await t.http().get('/docs-json').expect(200)).body as { paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>> };
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => method === 'get' || method === 'post')
        .map(([method, operation]) => ({ method: method as 'get' | 'post', path, parameters: operation.parameters ?? [] })),
    );
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await database?.drop();
  });

  /** Status, headers (but the date) and body, with `from` written as `to` wherever it appears. A stream that opens answered 200 and stays open. */
  const answer = async (method: 'get' | 'post', path: string, headers: Record<string, string>, from: string, to: string): Promise<Answer> => {
    const request = t.http()[method](path).set(headers);
    const body = BODIES.find(([pattern]) => pattern.test(path.replace(/calls\/call-1\//, 'calls/{callId}/')))?.[1];
    try {
      const response = await (method === 'post' ? request.send(body ?? {}) : request).timeout({ deadline: 1500 }).buffer(true);
      const substituted = (text: string) => text.split(from).join(to);
      const { date: _date, ...kept } = response.headers as Record<string, string>;
      return { status: response.status, headers: JSON.parse(substituted(JSON.stringify(kept))), body: substituted(response.text ?? '') };
    } catch (error) {
      if ((error as { timeout?: number }).timeout !== undefined) return { status: 'stream open', headers: {}, body: '' };
      throw error;
    }
  };

  it('every route naming a match, every stranger: a match inside its window answers as an id never created, status, headers and body', async () => {
    const naming = operations.filter((operation) => operation.path.includes('{id}'));
    expect(naming.length).toBeGreaterThanOrEqual(20);
    const differences: string[] = [];
    let compared = 0;
    for (const heldId of [BY_SECONDS, BY_EVENTS])
      for (const operation of naming)
        for (const request of requestsOf(operation))
          for (const [who, token] of Object.entries(callers)) {
            const headers = { ...token, ...request.headers };
            const route = `${request.path.replace('{id}', heldId)}${request.query && `?${request.query}`}`;
            const missing = await answer(operation.method, route.split(heldId).join(NEVER), headers, NEVER, heldId);
            const heldBack = await answer(operation.method, route, headers, heldId, heldId);
            compared++;
            if (JSON.stringify(heldBack) !== JSON.stringify(missing))
              differences.push(
                `${who}: ${operation.method.toUpperCase()} ${route} ${JSON.stringify(request.headers)}\n  held back: ${heldBack.status} ${heldBack.body.slice(0, 160)}\n  missing:   ${missing.status} ${missing.body.slice(0, 160)}`,
              );
          }
    expect(differences).toEqual([]);
    expect(compared).toBeGreaterThan(1000);
  }, 600_000);

  it('the routes that name no match, for the held match’s event, answer as for an event with none', async () => {
    const free = operations.filter((operation) => operation.method === 'get' && !operation.path.includes('{id}'));
    const differences: string[] = [];
    for (const operation of free) {
      const query = (event: string) =>
        operation.parameters
          .filter((parameter) => parameter.in === 'query')
          .map(({ name }) => (name === 'event' ? `event=${encodeURIComponent(event)}` : name === 'round' ? 'round=1' : name === 'game' ? 'game=lorcana' : ''))
          .filter(Boolean)
          .join('&');
      const path = operation.path.replace('{name}', encodeURIComponent('Ariel - On Human Legs'));
      for (const [who, token] of Object.entries(callers)) {
        const heldBack = await answer('get', `${path}?${query(HELD_EVENT)}`, token, encodeURIComponent(HELD_EVENT), '').then((a) => ({
          ...a,
          body: a.body.split(HELD_EVENT).join(''),
        }));
        const missing = await answer('get', `${path}?${query(NEVER_EVENT)}`, token, encodeURIComponent(NEVER_EVENT), '').then((a) => ({
          ...a,
          body: a.body.split(NEVER_EVENT).join(''),
        }));
        if (JSON.stringify(heldBack) !== JSON.stringify(missing))
          differences.push(`${who}: GET ${path}\n  held back: ${heldBack.status} ${heldBack.body.slice(0, 200)}\n  missing:   ${missing.status} ${missing.body.slice(0, 200)}`);
      }
    }
    expect(free.length).toBeGreaterThanOrEqual(10);
    expect(differences).toEqual([]);
  }, 120_000);

  it('its own tokens and the organizer key see it; once its window has passed, it is there for everyone', async () => {
    const get = (path: string, headers: Record<string, string> = {}) => t.http().get(path).set(headers);
    expect((await get(`/matches/${BY_SECONDS}/views/public`, t.organizer).expect(200)).body.revision).toBe(4);
    expect((await get(`/matches/${BY_SECONDS}/views/p1`, t.bearer(held.tokens.players.p1)).expect(200)).body.revision).toBe(4);
    expect((await get(`/matches/${BY_SECONDS}/views/judge`, t.bearer(held.tokens.judge)).expect(200)).body.revision).toBe(4);
    expect((await get(`/matches/${BY_SECONDS}/views/judge`, t.bearer(held.tokens.recorder)).expect(200)).body.revision).toBe(4);
    expect((await get(`/matches/${BY_SECONDS}/receipt`, t.bearer(held.tokens.players.p2)).expect(200)).body.head.revision).toBe(4);

    time.at += 3600_000 + 1000;
    expect((await get(`/matches/${BY_SECONDS}/views/public`).expect(200)).body.revision).toBe(4);
    expect((await get(`/matches/${BY_SECONDS}/views/p1`).expect(401)).body.code).toBe('UNAUTHENTICATED');
    expect((await get(`/matches/${NEVER}/views/p1`).expect(404)).body.code).toBe('MATCH_NOT_FOUND');
    // held back by events, it shows nothing until an event more pushes revision 1 out of the window; then the revision it may, and no more
    await t
      .http()
      .post(`/matches/${BY_EVENTS}/events`)
      .set(t.organizer)
      .send({ expectedRevision: 4, events: Array.from({ length: 7 }, (_, i) => ({ type: 'CounterChanged', data: { counter: 'lore', player: 'p2', to: i + 1 } })) })
      .expect(201);
    expect((await get(`/matches/${BY_EVENTS}/views/public`).expect(200)).body.revision).toBe(1);
    const past = (await get(`/matches/${BY_EVENTS}/views/public?at=999`).expect(403)).body;
    expect(past).toMatchObject({ code: 'BROADCAST_DELAYED' });
    expect(past.message).not.toContain('11');
    expect((await get(`/matches/${BY_EVENTS}/events?from=999`).expect(200)).body).toMatchObject({ from: 1, to: 1, observations: [] });
  });
});

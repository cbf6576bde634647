import { TestApp, startTestApp } from './support/test-app';
import { draw, lorcanaMatch } from './support/fixtures';

const VIEWER = 'https://viewer.example.org';
const id = 'cors-1';

/** A match with one draw, in an app started with `overrides`; its tokens. */
const startWithMatch = async (overrides: Parameters<typeof startTestApp>[0] = {}) => {
  const t = await startTestApp(overrides);
  const tokens = (await t.http().post('/matches').set(t.organizer).send(lorcanaMatch(id)).expect(201)).body.tokens as { players: Record<string, string>; judge: string };
  await t
    .http()
    .post(`/matches/${id}/events`)
    .set(t.organizer)
    .send({ expectedRevision: 1, events: [draw('c01')] })
    .expect(201);
  return { t, tokens };
};

describe('CORS, any origin (the default)', () => {
  let t: TestApp;
  let tokens: { players: Record<string, string>; judge: string };
  beforeAll(async () => ({ t, tokens } = await startWithMatch()));
  afterAll(() => t.close());

  it('a preflight for a token read is answered 204 with the methods and headers a page may send', async () => {
    const res = await t
      .http()
      .options(`/matches/${id}/views/p1`)
      .set('Origin', VIEWER)
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'authorization,accept-language')
      .expect(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toContain('GET');
    expect(res.headers['access-control-allow-headers']).toMatch(/Authorization/);
    expect(res.headers['access-control-allow-headers']).toMatch(/Accept-Language/);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(Number(res.headers['access-control-max-age'])).toBeGreaterThan(0);
  });

  it('a page on another origin reads the public view without a token', async () => {
    const res = await t.http().get(`/matches/${id}/views/public`).set('Origin', VIEWER).expect(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.body.revision).toBe(2);
  });

  it("with a player's token in the Authorization header it reads that seat, kept out of caches; the export's file name is readable", async () => {
    const res = await t.http().get(`/matches/${id}/views/p1`).set('Origin', VIEWER).set(t.bearer(tokens.players.p1)).expect(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.revision).toBe(2);
    const exported = await t.http().get(`/matches/${id}/export`).set('Origin', VIEWER).set(t.bearer(tokens.judge)).expect(200);
    expect(exported.headers['access-control-expose-headers']).toMatch(/Content-Disposition/);
  });

  it('an error answer carries the CORS header too, so the page can read its code', async () => {
    const res = await t.http().get(`/matches/${id}/views/p2`).set('Origin', VIEWER).set(t.bearer(tokens.players.p1)).expect(403);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.body.code).toBe('FORBIDDEN');
  });
});

describe('CORS, origins from MATCHLOG_CORS_ORIGINS', () => {
  let t: TestApp;
  let tokens: { players: Record<string, string>; judge: string };
  beforeAll(async () => ({ t, tokens } = await startWithMatch({ corsOrigins: [VIEWER, 'http://localhost:5173'] })));
  afterAll(() => t.close());

  it('an allowed origin is named back, on the preflight and on the read with a token', async () => {
    const preflight = await t
      .http()
      .options(`/matches/${id}/views/p1`)
      .set('Origin', VIEWER)
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'authorization')
      .expect(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(VIEWER);
    expect(preflight.headers.vary).toMatch(/Origin/);
    const res = await t.http().get(`/matches/${id}/views/p1`).set('Origin', VIEWER).set(t.bearer(tokens.players.p1)).expect(200);
    expect(res.headers['access-control-allow-origin']).toBe(VIEWER);
  });

  it('another origin gets no Access-Control-Allow-Origin, so its page can not read the answer', async () => {
    const allowed = await t.http().get(`/matches/${id}/views/public`).set('Origin', 'http://localhost:5173').expect(200);
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const preflight = await t
      .http()
      .options(`/matches/${id}/views/p1`)
      .set('Origin', 'https://evil.example.com')
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'authorization');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const res = await t.http().get(`/matches/${id}/views/public`).set('Origin', 'https://evil.example.com').expect(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

import { TestApp, startTestApp } from './support/test-app';

// issue 25 §3: a person who types the server's address gets the viewer, not ROUTE_NOT_FOUND
describe('GET /', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  it('redirects to the viewer, GET and HEAD alike, with the headers of every answer', async () => {
    const got = await t.http().get('/').expect(302);
    expect(got.headers).toMatchObject({ location: '/viewer/', 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' });
    expect((await t.http().head('/').expect(302)).headers.location).toBe('/viewer/');
    expect((await t.http().get('/viewer/').expect(200)).headers['content-type']).toMatch(/^text\/html/);
  });
});

import { readdirSync } from 'fs';
import { request } from 'http';
import { join } from 'path';
import { DOCS_CSP, PAGE_CSP } from '../src/security-headers';
import { viewerDir } from '../src/viewer/serve-viewer';
import { listening } from './support/sse-client';
import { TestApp, startTestApp } from './support/test-app';

/** A raw GET: the path exactly as written, so a malformed escape reaches the server as it is. */
const get = (base: string, path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const url = new URL(base);
    request({ host: url.hostname, port: url.port, path, headers }, (res) => {
      let body = '';
      res
        .setEncoding('utf8')
        .on('data', (chunk) => (body += chunk))
        .on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    })
      .on('error', reject)
      .end();
  });

/** One of the chunks app.js loads (a route's page, or code pages share): served like app.js. */
const CHUNK = `/viewer/chunks/${readdirSync(join(viewerDir()!, 'chunks')).find((file) => file.endsWith('.js'))}`;

const EVERY_ANSWER = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'x-frame-options': 'DENY', 'cross-origin-opener-policy': 'same-origin' };

// issue 15 §4: the viewer's pages protect the tokens they hold; every answer, Fastify's own errors included
describe('security headers', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp();
    base = await listening(t.app);
  });
  afterAll(() => t.close());

  it("the viewer's HTML: a strict CSP (own origin only, no inline code, never framed), no framing, a same-origin opener", async () => {
    for (const path of ['/viewer/', '/viewer/some-match?audience=public']) {
      const page = await get(base, path);
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers).toMatchObject({ ...EVERY_ANSWER, 'content-security-policy': PAGE_CSP });
    }
    expect(PAGE_CSP).toMatch(/frame-ancestors 'none'/);
    expect(PAGE_CSP).not.toMatch(/unsafe|\*|https?:/);
  });

  // issue 25 §1: a browser puts a 304's headers on the page it kept, so a 304 carrying JSON's policy blocked the viewer's script
  it('a 304 carries the headers of the page or file it stands for: the same policy and caching as the 200', async () => {
    const pages = ['/viewer/', '/viewer', '/viewer/some-match?audience=p1&at=3', '/viewer/index.html'];
    for (const path of [...pages, '/viewer/app.js', CHUNK, '/viewer/styles.css']) {
      const fresh = await get(base, path);
      expect([path, fresh.status]).toEqual([path, 200]);
      expect(fresh.headers.etag).toEqual(expect.any(String));
      const revisit = await get(base, path, { 'If-None-Match': String(fresh.headers.etag) });
      expect([path, revisit.status]).toEqual([path, 304]);
      for (const name of ['content-security-policy', 'cache-control', 'etag', ...Object.keys(EVERY_ANSWER)])
        expect([path, name, revisit.headers[name]]).toEqual([path, name, fresh.headers[name]]);
    }
    for (const path of pages) expect((await get(base, path)).headers).toMatchObject({ 'content-type': expect.stringMatching(/^text\/html/), 'content-security-policy': PAGE_CSP });
  });

  it("the viewer's script and styles are revalidated on every visit, so a page never runs with the files of an older build", async () => {
    for (const path of ['/viewer/', '/viewer/app.js', CHUNK, '/viewer/styles.css']) expect([path, (await get(base, path)).headers['cache-control']]).toEqual([path, 'no-cache']);
  });

  it('app.js and the chunks it loads are served as JavaScript, which a module script requires', async () => {
    for (const path of ['/viewer/app.js', CHUNK])
      expect([path, (await get(base, path)).headers['content-type']]).toEqual([path, expect.stringMatching(/^(text|application)\/javascript/)]);
  });

  it('Swagger UI (/docs) is never framed either, and JSON answers carry a policy that runs nothing', async () => {
    for (const path of ['/docs', '/docs/', '/docs/index.html']) {
      const docs = await get(base, path);
      expect([path, docs.headers['content-type']]).toEqual([path, expect.stringMatching(/^text\/html/)]);
      expect(docs.headers).toMatchObject({ ...EVERY_ANSWER, 'content-security-policy': DOCS_CSP });
    }
    const json = await get(base, '/matches');
    expect(json.headers).toMatchObject({ ...EVERY_ANSWER, 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" });
  });

  it('a malformed URL (FST_ERR_BAD_URL) answers the one error shape with a stable code and the same headers; a credential in it is refused first', async () => {
    const bad = await get(base, '/matches/%zz');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toEqual({ statusCode: 400, code: 'BAD_URL', message: expect.stringContaining('%25') });
    expect(bad.headers).toMatchObject(EVERY_ANSWER);
    const withToken = await get(base, '/matches/%zz?Access_Token=abc');
    expect(JSON.parse(withToken.body)).toMatchObject({ statusCode: 401, code: 'TOKEN_IN_QUERY' });
    expect(withToken.headers).toMatchObject(EVERY_ANSWER);
    const missing = await get(base, '/nowhere?TOKEN=abc');
    expect([missing.status, JSON.parse(missing.body).code]).toEqual([401, 'TOKEN_IN_QUERY']);
    expect(missing.headers).toMatchObject(EVERY_ANSWER);
  });
});

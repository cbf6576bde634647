import { IncomingMessage, Server, ServerResponse, createServer, get } from 'http';
import { AddressInfo } from 'net';
import { FailureProxy } from '@matchlog/testkit';

/** A stand-in upstream: POST /write counts the writes it answered, GET /feed streams until told to stop. */
class Upstream {
  writes = 0;
  feedsEnded = 0;
  readonly feeds = new Set<ServerResponse>();
  private constructor(
    readonly server: Server,
    readonly name: string,
  ) {}

  static async start(name: string): Promise<Upstream> {
    const upstream: Upstream = new Upstream(
      createServer((req, res) => upstream.handle(req, res)),
      name,
    );
    await new Promise<void>((resolve) => upstream.server.listen(0, '127.0.0.1', () => resolve()));
    return upstream;
  }

  get base() {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** one SSE message to every open feed */
  send(id: number) {
    for (const feed of this.feeds) feed.write(`id: ${id}\nevent: observation\ndata: {"n":${id}}\n\n`);
  }

  close() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse) {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.url === '/feed') {
        res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
        res.flushHeaders();
        this.feeds.add(res);
        res.on('close', () => {
          this.feeds.delete(res);
          this.feedsEnded++;
        });
        return;
      }
      if (req.method === 'POST') this.writes++;
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json', 'x-upstream': this.name });
      res.end(JSON.stringify({ upstream: this.name, method: req.method, url: req.url, body, auth: req.headers.authorization ?? null, writes: this.writes }));
    });
  }
}

/** Reads a stream through the proxy: what came, and whether it ended cleanly or was cut. */
const openFeed = (url: string) =>
  new Promise<{ text: () => string; ended: Promise<'end' | 'cut'> }>((resolve, reject) => {
    get(url, { agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      const ended = new Promise<'end' | 'cut'>((done) => {
        res.on('end', () => done('end'));
        res.on('error', () => done('cut'));
        res.on('close', () => done(res.complete ? 'end' : 'cut'));
      });
      resolve({ text: () => text, ended });
    }).on('error', reject);
  });

const until = async (check: () => boolean, ms = 5000) => {
  for (const end = Date.now() + ms; !check(); await new Promise((r) => setTimeout(r, 10))) if (Date.now() > end) throw new Error('timed out');
};
const post = (base: string, path = '/write', body = '{"x":1}') =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer t' }, body });
const networkError = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return ((error as { cause?: { code?: string } }).cause?.code ?? 'network error') as string;
  }
  throw new Error('it answered');
};

describe('FailureProxy: an HTTP proxy whose faults a test switches on', () => {
  let one: Upstream;
  let two: Upstream;
  let proxy: FailureProxy;
  beforeEach(async () => {
    [one, two] = await Promise.all([Upstream.start('one'), Upstream.start('two')]);
    proxy = await FailureProxy.start(one.base);
  });
  afterEach(async () => {
    await proxy.close();
    await Promise.all([one.close(), two.close()]);
  });

  it('forwards method, path, query, headers and body, answers as the upstream does, and counts requests per path', async () => {
    const answer = await post(proxy.base, '/write?x=1', '{"hello":"world"}');
    expect(answer.status).toBe(201);
    expect(answer.headers.get('x-upstream')).toBe('one');
    expect(await answer.json()).toEqual({ upstream: 'one', method: 'POST', url: '/write?x=1', body: '{"hello":"world"}', auth: 'Bearer t', writes: 1 });
    await fetch(`${proxy.base}/read`);
    await fetch(`${proxy.base}/read?again`);
    expect(proxy.counts.requests).toEqual({ '/write': 1, '/read': 2 });
    expect(proxy.requests(/^\/(read|write)$/)).toBe(3);
    expect(proxy.counts).toMatchObject({ responsesDropped: 0, responsesDelayed: 0, connectionsRefused: 0, feedsClosed: 0, upstreamErrors: 0 });
  });

  it('dropAfterResponse(count): the upstream answers (the write happened), the client loses the answer; the next ones go through', async () => {
    proxy.dropAfterResponse(2);
    expect(await networkError(post(proxy.base))).toBeTruthy();
    expect(await networkError(post(proxy.base))).toBeTruthy();
    expect(one.writes).toBe(2);
    const third = await post(proxy.base);
    expect(third.status).toBe(201);
    expect(await third.json()).toMatchObject({ writes: 3 });
    expect(proxy.counts).toMatchObject({ responsesDropped: 2, requests: { '/write': 3 } });
  });

  it('dropAfterResponse(rule): drops the answers the rule picks, until dropAfterResponse(0)', async () => {
    proxy.dropAfterResponse(({ method, index }) => method === 'POST' && index % 2 === 0);
    const outcomes: string[] = [];
    for (let n = 0; n < 6; n++)
      outcomes.push(
        await post(proxy.base).then(
          (r) => String(r.status),
          () => 'lost',
        ),
      );
    expect(outcomes).toEqual(['201', 'lost', '201', 'lost', '201', 'lost']);
    expect((await fetch(`${proxy.base}/read`)).status).toBe(200); // a GET, not picked
    proxy.dropAfterResponse(0);
    expect((await post(proxy.base)).status).toBe(201);
    expect(one.writes).toBe(7);
    expect(proxy.counts.responsesDropped).toBe(3);
  });

  it('delay: holds answers back, for the requests it names', async () => {
    proxy.delay(({ path }) => (path === '/slow' ? 500 : 0));
    let started = Date.now();
    await fetch(`${proxy.base}/slow`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(490);
    started = Date.now();
    await fetch(`${proxy.base}/fast`);
    expect(Date.now() - started).toBeLessThan(400);
    proxy.delay(0);
    expect(proxy.counts.responsesDelayed).toBe(1);
  });

  it('refuse(): connections are reset (or refused: the port is closed) until accept(); open connections are cut', async () => {
    expect((await fetch(`${proxy.base}/read`)).status).toBe(200); // a kept-alive connection that refuse() must cut
    await proxy.refuse();
    expect(await networkError(fetch(`${proxy.base}/read`))).toMatch(/ECONNRESET|UND_ERR_SOCKET/);
    await proxy.accept();
    expect((await fetch(`${proxy.base}/read`)).status).toBe(200);
    await proxy.refuse('refused');
    expect(await networkError(fetch(`${proxy.base}/read`))).toBe('ECONNREFUSED');
    await proxy.accept();
    expect((await fetch(`${proxy.base}/read`)).status).toBe(200);
    expect(proxy.counts.connectionsRefused).toBeGreaterThanOrEqual(1);
    expect(proxy.counts.requests['/read']).toBe(3);
  });

  it('closeFeeds(): cuts every open stream mid-stream, on both sides, after passing on what had come', async () => {
    const feeds = [await openFeed(`${proxy.base}/feed`), await openFeed(`${proxy.base}/feed`)];
    await until(() => one.feeds.size === 2);
    one.send(1);
    await until(() => feeds.every((f) => f.text().includes('id: 1')));
    expect(proxy.closeFeeds()).toBe(2);
    expect(await Promise.all(feeds.map((f) => f.ended))).toEqual(['cut', 'cut']);
    await until(() => one.feedsEnded === 2); // the upstream saw its streams end too
    expect(feeds.map((f) => f.text())).toEqual([expect.stringContaining('data: {"n":1}\n\n'), expect.stringContaining('data: {"n":1}\n\n')]);
    expect(proxy.counts.feedsClosed).toBe(2);
  });

  it('closeFeedsAfter(bytes): each stream is cut once it has passed on that many bytes, mid-message if need be', async () => {
    proxy.closeFeedsAfter(46);
    const feed = await openFeed(`${proxy.base}/feed`);
    await until(() => one.feeds.size === 1);
    one.send(1); // 40 bytes
    one.send(2); // 40 more: cut after 6 of them
    expect(await feed.ended).toBe('cut');
    expect(feed.text()).toBe('id: 1\nevent: observation\ndata: {"n":1}\n\nid: 2\n');
    proxy.closeFeedsAfter(undefined);
    const next = await openFeed(`${proxy.base}/feed`);
    await until(() => one.feeds.size === 1);
    one.send(3);
    one.send(4);
    await until(() => next.text().includes('id: 4'));
    expect(proxy.counts.feedsClosed).toBe(1);
  });

  it('retarget(url): the next requests go to the other upstream', async () => {
    expect(((await (await post(proxy.base)).json()) as { upstream: string }).upstream).toBe('one');
    proxy.retarget(two.base);
    expect(proxy.target).toBe(two.base);
    expect(((await (await post(proxy.base)).json()) as { upstream: string }).upstream).toBe('two');
    expect([one.writes, two.writes]).toEqual([1, 1]);
  });

  it('an upstream that is down resets the client connection (a network error, as without the proxy), and is counted', async () => {
    await one.close();
    expect(await networkError(post(proxy.base))).toBeTruthy();
    expect(proxy.counts.upstreamErrors).toBe(1);
  });
});

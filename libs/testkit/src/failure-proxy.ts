import { Agent, IncomingHttpHeaders, IncomingMessage, Server, ServerResponse, createServer, request as httpRequest } from 'http';
import { AddressInfo, Socket } from 'net';

/** A request as the proxy saw it, for the rules that pick which answers to drop or delay. */
export interface ProxiedRequest {
  readonly method: string;
  /** the path without its query */
  readonly path: string;
  /** 1 for the first request the proxy received, counted across all paths */
  readonly index: number;
}

export type RequestRule = (request: ProxiedRequest) => boolean;

/** What the proxy did, so a test can check that its faults really happened. */
export interface ProxyCounts {
  /** requests forwarded upstream, by path (no query) */
  readonly requests: Record<string, number>;
  /** answers the upstream gave in full and the client never got */
  readonly responsesDropped: number;
  /** answers held back by `delay` */
  readonly responsesDelayed: number;
  /** connections reset while `refuse()` was on (a closed port, `refuse('refused')`, sees none to count) */
  readonly connectionsRefused: number;
  /** feed streams cut mid-stream (closeFeeds, closeFeedsAfter) */
  readonly feedsClosed: number;
  /** requests the upstream did not answer (down, restarting): the client's connection is reset */
  readonly upstreamErrors: number;
}

interface Feed {
  readonly client: Socket;
  /** ends the upstream request, on purpose */
  readonly cancel: () => void;
  bytes: number;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization']);
const endToEnd = (headers: IncomingHttpHeaders): IncomingHttpHeaders => Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())));
const isStream = (headers: IncomingHttpHeaders) => String(headers['content-type'] ?? '').startsWith('text/event-stream');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An HTTP proxy on loopback in front of a matchlog server, whose faults a test switches on and off:
 * answers lost after the server gave them (the write happened), answers delayed, connections reset or
 * refused, Server-Sent Events streams cut mid-stream, the upstream swapped for another server.
 * Plain answers are read in full from the upstream before the client gets any of them; streams
 * (`text/event-stream`) are passed on as they come.
 */
export class FailureProxy {
  private upstream: URL;
  private dropRule: RequestRule | undefined;
  private dropsLeft = 0;
  private delayFor: (request: ProxiedRequest) => number = () => 0;
  private refusing: 'reset' | 'refused' | undefined;
  private feedLimit: number | undefined;
  private received = 0;
  private readonly sockets = new Set<Socket>();
  private readonly feeds = new Set<Feed>();
  private readonly agent = new Agent({ keepAlive: true });
  private readonly tally = { requests: {} as Record<string, number>, responsesDropped: 0, responsesDelayed: 0, connectionsRefused: 0, feedsClosed: 0, upstreamErrors: 0 };

  private constructor(
    upstream: string,
    private readonly server: Server,
    private readonly port: number,
  ) {
    this.upstream = new URL(upstream);
  }

  /** Listens on a free loopback port (or `port`) and forwards to `upstream` (http://host:port). */
  static async start(upstream: string, { port = 0 }: { port?: number } = {}): Promise<FailureProxy> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
    const proxy = new FailureProxy(upstream, server, (server.address() as AddressInfo).port);
    server.on('connection', (socket) => proxy.connected(socket));
    server.on('request', (req, res) => void proxy.forward(req, res));
    return proxy;
  }

  /** Where clients send their requests. */
  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The server requests go to now. */
  get target(): string {
    return this.upstream.origin;
  }

  get counts(): ProxyCounts {
    return { ...this.tally, requests: { ...this.tally.requests } };
  }

  /** Requests forwarded to `path` (no query), or to every path that matches. */
  requests(path: string | RegExp): number {
    return Object.entries(this.tally.requests)
      .filter(([p]) => (typeof path === 'string' ? p === path : path.test(p)))
      .reduce((sum, [, n]) => sum + n, 0);
  }

  /**
   * Forwards, lets the upstream answer in full, then resets the client's connection instead of passing the
   * answer on. A number: the next that many answers; a rule: every answer it picks, until `dropAfterResponse(0)`.
   * Streams are never dropped this way (see `closeFeeds`).
   */
  dropAfterResponse(which: number | RequestRule): void {
    this.dropRule = typeof which === 'number' ? undefined : which;
    this.dropsLeft = typeof which === 'number' ? which : 0;
  }

  /** Holds each answer back `ms` (or what the function says for the request) before the client gets it; 0 to stop. */
  delay(ms: number | ((request: ProxiedRequest) => number)): void {
    this.delayFor = typeof ms === 'number' ? () => ms : ms;
  }

  /**
   * Down: every connection open now is cut, and new ones are reset as they come ('reset'), or the port is
   * closed so they are refused ('refused'; `accept` listens on the same port again).
   */
  async refuse(how: 'reset' | 'refused' = 'reset'): Promise<void> {
    this.refusing = how;
    for (const socket of this.sockets) socket.destroy();
    if (how === 'refused') await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Up again after `refuse`. */
  async accept(): Promise<void> {
    const was = this.refusing;
    this.refusing = undefined;
    if (was === 'refused') await new Promise<void>((resolve, reject) => this.server.once('error', reject).listen(this.port, '127.0.0.1', () => resolve()));
  }

  /** Cuts every feed stream open now, mid-stream (client and upstream side). How many it cut. */
  closeFeeds(): number {
    const open = [...this.feeds];
    for (const feed of open) this.cut(feed);
    return open.length;
  }

  /** Cuts each feed stream once it has passed on `bytes` bytes of its body (those sent before included); undefined to stop. */
  closeFeedsAfter(bytes: number | undefined): void {
    this.feedLimit = bytes;
    for (const feed of [...this.feeds]) if (bytes !== undefined && feed.bytes >= bytes) this.cut(feed);
  }

  /** Sends the requests from now on to another server (a restarted one, another instance). Open streams stay where they are. */
  retarget(upstream: string): void {
    this.upstream = new URL(upstream);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.agent.destroy();
    if (this.server.listening) await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private connected(socket: Socket): void {
    if (this.refusing) {
      this.tally.connectionsRefused++;
      socket.resetAndDestroy();
      return;
    }
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
  }

  private forward(req: IncomingMessage, res: ServerResponse): void {
    const path = new URL(req.url ?? '/', 'http://proxy').pathname;
    const request: ProxiedRequest = { method: req.method ?? 'GET', path, index: ++this.received };
    this.tally.requests[path] = (this.tally.requests[path] ?? 0) + 1;
    let cancelled = false;
    const cancel = () => {
      cancelled = true;
      upstream.destroy();
    };
    // the upstream failed us (down, killed mid-answer): the client sees its connection go, as it would without the proxy
    const failed = () => {
      if (cancelled) return;
      cancelled = true;
      this.tally.upstreamErrors++;
      req.socket.destroy();
    };
    const upstream = httpRequest(
      {
        host: this.upstream.hostname,
        port: this.upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...endToEnd(req.headers), host: this.upstream.host },
        agent: this.agent,
      },
      (answer) => {
        answer.on('error', failed).on('close', () => !answer.complete && failed());
        this.answer(request, req, res, cancel, answer).catch(failed);
      },
    );
    upstream.on('error', failed);
    res.once('close', () => !res.writableFinished && !cancelled && cancel());
    req.pipe(upstream);
  }

  private async answer(request: ProxiedRequest, req: IncomingMessage, res: ServerResponse, cancel: () => void, answer: IncomingMessage): Promise<void> {
    const wait = this.delayFor(request);
    if (isStream(answer.headers)) {
      if (wait > 0) {
        this.tally.responsesDelayed++;
        await sleep(wait);
      }
      this.stream(res, cancel, answer);
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of answer) chunks.push(chunk as Buffer);
    if (!answer.complete) return;
    if (this.dropping(request)) {
      this.tally.responsesDropped++;
      req.socket.destroy();
      return;
    }
    if (wait > 0) {
      this.tally.responsesDelayed++;
      await sleep(wait);
    }
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers));
    res.end(Buffer.concat(chunks));
  }

  private dropping(request: ProxiedRequest): boolean {
    if (this.dropsLeft > 0) {
      this.dropsLeft--;
      return true;
    }
    return this.dropRule?.(request) ?? false;
  }

  private stream(res: ServerResponse, cancel: () => void, answer: IncomingMessage): void {
    const feed: Feed = { client: res.socket!, cancel, bytes: 0 };
    this.feeds.add(feed);
    res.once('close', () => this.feeds.delete(feed));
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers));
    res.flushHeaders();
    answer.on('data', (chunk: Buffer) => {
      if (!this.feeds.has(feed)) return;
      const room = this.feedLimit === undefined ? chunk.length : Math.max(0, this.feedLimit - feed.bytes);
      const part = room < chunk.length ? chunk.subarray(0, room) : chunk;
      feed.bytes += part.length;
      if (part.length > 0) res.write(part);
      if (this.feedLimit !== undefined && feed.bytes >= this.feedLimit) this.cut(feed);
    });
    answer.on('end', () => res.end());
  }

  private cut(feed: Feed): void {
    if (!this.feeds.delete(feed)) return;
    this.tally.feedsClosed++;
    feed.cancel();
    // what was written reaches the client before its connection goes
    feed.client.end(() => feed.client.destroy());
  }
}

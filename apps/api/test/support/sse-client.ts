import { IncomingHttpHeaders, request } from 'http';

/** One Server-Sent Events message as received; a comment line comes as `{ event: 'comment' }`. */
export interface SseMessage {
  readonly id?: string;
  readonly event: string;
  readonly data: string;
}

/**
 * A Server-Sent Events client over a real socket (no EventSource in Node 20): the messages as they
 * arrive, awaited one by one with `next()`; `closed` settles when the server ends the stream.
 */
export class SseClient {
  readonly messages: SseMessage[] = [];
  private read = 0;
  private buffer = '';
  private wake: (() => void) | undefined;
  private ended = false;
  readonly closed: Promise<void>;
  private close!: () => void;

  private constructor(
    readonly status: number,
    readonly headers: IncomingHttpHeaders,
    readonly destroy: () => void,
  ) {
    this.closed = new Promise((resolve) => (this.close = resolve));
  }

  /** Opens `url`; a non-2xx answer comes back with its JSON body in `problem`. */
  static open(
    url: string,
    headers: Record<string, string> = {},
  ): Promise<SseClient & { problem?: { statusCode: number; code: string; message: string; details?: { path: string }[] } }> {
    return new Promise((resolve, reject) => {
      const req = request(url, { headers: { Accept: 'text/event-stream', ...headers }, agent: false }, (res) => {
        const client = new SseClient(res.statusCode!, res.headers, () => req.destroy());
        res.setEncoding('utf8');
        if (res.statusCode! >= 300) {
          let body = '';
          res.on('data', (chunk: string) => (body += chunk)).on('end', () => resolve(Object.assign(client, { problem: JSON.parse(body) })));
          return;
        }
        res.on('data', (chunk: string) => client.receive(chunk));
        res.on('close', () => client.finish());
        resolve(client);
      });
      req.on('error', reject);
      req.end();
    });
  }

  /** The next message not yet taken; rejects if the stream closes first. */
  async next(): Promise<SseMessage> {
    while (this.read >= this.messages.length) {
      if (this.ended) throw new Error(`the stream closed after ${this.messages.length} messages`);
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
    return this.messages[this.read++];
  }

  /** The next message that is not a comment. */
  async nextMessage(): Promise<SseMessage> {
    for (;;) {
      const message = await this.next();
      if (message.event !== 'comment') return message;
    }
  }

  /** Messages (comments left out) until one with this id, that one included. */
  async until(id: number): Promise<SseMessage[]> {
    const taken: SseMessage[] = [];
    do taken.push(await this.nextMessage());
    while (taken.at(-1)!.id !== String(id));
    return taken;
  }

  private receive(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      this.messages.push(parse(block));
    }
    this.wake?.();
  }

  private finish(): void {
    this.ended = true;
    this.wake?.();
    this.close();
  }
}

const parse = (block: string): SseMessage => {
  const fields: Record<string, string> = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) return { event: 'comment', data: line.slice(1).trim() };
    const colon = line.indexOf(':');
    const name = line.slice(0, colon);
    fields[name] = (fields[name] === undefined ? '' : `${fields[name]}\n`) + line.slice(colon + 1).replace(/^ /, '');
  }
  return { id: fields.id, event: fields.event ?? 'message', data: fields.data ?? '' };
};

/** Listens on a free loopback port (streaming needs a real server, not inject) and returns its base URL. */
export const listening = async (app: { listen(port: number, host: string): Promise<unknown>; getHttpServer(): { address(): unknown } }): Promise<string> => {
  await app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
};

import { ClientRequest, get } from 'http';

/**
 * What @matchlog/client will do (issue 18 §1), as little of it as the failure tests need until it lands:
 * appends whose events get their ids once and whose same body is sent again on a network error, 503 or
 * 504; a feed that resumes by Last-Event-ID after any drop, skips what it already has and fills a gap over REST.
 */

export interface Observed {
  readonly revision: number;
  readonly observation: unknown;
}

export class AppendRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`append refused: ${status} ${JSON.stringify(body)}`);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const RETRIED = new Set([503, 504]);

export class MinimalClient {
  /** sends made, answers lost (network errors) and 503/504 answers, across all appends */
  readonly tally = { sends: 0, networkErrors: 0, unavailable: 0 };
  private nextId = 0;

  constructor(
    private readonly base: string,
    private readonly token: string,
    private readonly retry = { attempts: 20, delayMs: 5 },
  ) {}

  /** Appends `events` after `expectedRevision`, each given an id before the first send; the same body until it is answered. */
  async append(matchId: string, expectedRevision: number, events: readonly { type: string; data: unknown; id?: string }[]): Promise<{ revision: number; ids: string[] }> {
    const withIds = events.map((event) => ({ ...event, id: event.id ?? `${matchId}-${++this.nextId}` }));
    const body = JSON.stringify({ expectedRevision, events: withIds });
    for (let attempt = 1; ; attempt++) {
      this.tally.sends++;
      let answer: Response | undefined;
      try {
        answer = await fetch(`${this.base}/matches/${matchId}/events`, {
          method: 'POST',
          headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
          body,
        });
      } catch {
        this.tally.networkErrors++;
      }
      if (answer && !RETRIED.has(answer.status)) {
        const parsed = (await answer.json()) as { revision: number };
        if (answer.status !== 201) throw new AppendRefused(answer.status, parsed);
        return { revision: parsed.revision, ids: withIds.map((e) => e.id) };
      }
      if (answer) {
        this.tally.unavailable++;
        await answer.arrayBuffer();
      }
      if (attempt === this.retry.attempts) throw new Error(`append after ${expectedRevision} unanswered after ${attempt} sends`);
      const retryAfter = Number(answer?.headers.get('retry-after'));
      await sleep(retryAfter > 0 ? Math.min(retryAfter * 1000, 1000) : this.retry.delayMs * attempt);
    }
  }

  /**
   * Follows an audience's feed after revision `from`, calling `onObservation` once per revision, in order.
   * Reconnects (Last-Event-ID: the last revision given) whenever the stream ends, fails or stays silent
   * longer than `heartbeatTimeoutMs`.
   */
  follow(matchId: string, audience: string, from: number, onObservation: (observed: Observed) => void, { heartbeatTimeoutMs = 2000 } = {}) {
    const stats = { connections: 0, duplicatesSkipped: 0, gapsFilled: 0, failures: [] as string[] };
    let last = from;
    let closed = false;
    let current: ClientRequest | undefined;
    const deliver = async (observed: Observed) => {
      if (observed.revision <= last) {
        stats.duplicatesSkipped++;
        return;
      }
      if (observed.revision > last + 1) {
        stats.gapsFilled++;
        for (const missing of await this.observations(matchId, audience, last, observed.revision - 1)) deliver1(missing);
      }
      deliver1(observed);
    };
    const deliver1 = (observed: Observed) => {
      if (observed.revision !== last + 1) throw new Error(`revision ${observed.revision} after ${last}`);
      last = observed.revision;
      onObservation(observed);
    };
    const connect = () =>
      new Promise<void>((settle) => {
        stats.connections++;
        let buffer = '';
        let chain = Promise.resolve();
        let silence: NodeJS.Timeout | undefined;
        let finished = false;
        const done = () => {
          if (finished) return;
          finished = true;
          clearTimeout(silence);
          request.destroy();
          settle();
        };
        const alive = () => {
          clearTimeout(silence);
          silence = setTimeout(done, heartbeatTimeoutMs);
        };
        const request = get(
          `${this.base}/matches/${matchId}/feed?audience=${audience}`,
          { agent: false, headers: { accept: 'text/event-stream', authorization: `Bearer ${this.token}`, 'last-event-id': String(last) } },
          (res) => {
            if (res.statusCode !== 200) {
              res.resume();
              res.on('end', done);
              return;
            }
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              alive();
              buffer += chunk;
              for (let end; (end = buffer.indexOf('\n\n')) >= 0;) {
                const message = parse(buffer.slice(0, end));
                buffer = buffer.slice(end + 2);
                if (message.event === 'observation') chain = chain.then(() => deliver(JSON.parse(message.data) as Observed));
              }
            });
            res.on(
              'close',
              () =>
                void chain.then(done, (error: Error) => {
                  stats.failures.push(error.message);
                  done();
                }),
            );
            res.on('error', () => undefined);
          },
        );
        request.on('error', done);
        current = request;
        alive();
      });
    const running = (async () => {
      while (!closed) {
        await connect();
        if (!closed) await sleep(20);
      }
    })();
    return {
      stats,
      get last() {
        return last;
      },
      close: async () => {
        closed = true;
        current?.destroy();
        await running;
      },
    };
  }

  /** An audience's observations after `from` up to `to`, over REST. */
  async observations(matchId: string, audience: string, from: number, to?: number): Promise<Observed[]> {
    const query = `audience=${audience}&from=${from}${to === undefined ? '' : `&to=${to}`}`;
    const answer = await fetch(`${this.base}/matches/${matchId}/events?${query}`, { headers: { authorization: `Bearer ${this.token}` } });
    if (answer.status !== 200) throw new Error(`GET events: ${answer.status}`);
    return ((await answer.json()) as { observations: Observed[] }).observations;
  }
}

const parse = (block: string): { event: string; data: string } => {
  const fields: Record<string, string> = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    fields[name] = fields[name] === undefined ? value : `${fields[name]}\n${value}`;
  }
  return { event: fields.event ?? 'message', data: fields.data ?? '' };
};

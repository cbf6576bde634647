/** What a fake server answers one request with: a JSON answer, a network error, or an SSE stream of chunks. */
export type Answer =
  | { status: number; json?: unknown; headers?: Record<string, string> }
  | { status: number; html: string }
  | { networkError: true }
  | { sse: readonly string[]; /** keep the stream open after the chunks (until the client aborts) */ hang?: boolean };

export interface Call {
  readonly url: URL;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
  readonly signal: AbortSignal | undefined;
  readonly redirect?: RequestRedirect;
}

/** A fetch that answers from `answer` (by call), recording every call. */
export const fakeFetch = (answer: (call: Call, index: number) => Answer) => {
  const calls: Call[] = [];
  const fetch = async (input: Parameters<typeof globalThis.fetch>[0], init: RequestInit = {}): Promise<Response> => {
    const call: Call = {
      url: new URL(String(input)),
      method: init.method ?? 'GET',
      headers: Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v])),
      body: init.body as string | undefined,
      signal: init.signal ?? undefined,
      redirect: init.redirect,
    };
    calls.push(call);
    const signal = init.signal;
    if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const reply = answer(call, calls.length - 1);
    if ('networkError' in reply) throw new TypeError('fetch failed');
    if ('sse' in reply) {
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of reply.sse) controller.enqueue(encoder.encode(chunk));
          if (!reply.hang) controller.close();
          else signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')), { once: true });
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }
    if ('html' in reply) return new Response(reply.html, { status: reply.status, headers: { 'content-type': 'text/html' } });
    return new Response(reply.json === undefined ? null : JSON.stringify(reply.json), { status: reply.status, headers: { 'content-type': 'application/json', ...reply.headers } });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
};

/** A sleep that only records how long it was asked to wait. */
export const recordedSleep = () => {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
};

/** Sequential ids: e1, e2, … */
export const counterIds = () => {
  let n = 0;
  return () => `e${++n}`;
};

export const observation = (revision: number) =>
  `id: ${revision}\nevent: observation\ndata: ${JSON.stringify({ revision, observation: { type: 'TurnStarted', n: revision } })}\n\n`;
export const ended = (revision: number) => `id: ${revision}\nevent: ended\ndata: ${JSON.stringify({ revision })}\n\n`;

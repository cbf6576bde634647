export interface FeedMessage {
  readonly id?: string;
  readonly event: string;
  readonly data: string;
}

/** Splits a Server-Sent Events text stream into messages (comments, the heartbeats, are dropped). */
export const sseMessages = (buffer: string): { messages: FeedMessage[]; rest: string } => {
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? '';
  const messages = blocks.flatMap((block): FeedMessage[] => {
    let id: string | undefined;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith(':')) continue;
      const [field, ...value] = line.split(':');
      const text = value.join(':').replace(/^ /, '');
      if (field === 'id') id = text;
      else if (field === 'event') event = text;
      else if (field === 'data') data.push(text);
    }
    return data.length === 0 && id === undefined ? [] : [{ ...(id !== undefined && { id }), event, data: data.join('\n') }];
  });
  return { messages, rest };
};

/**
 * Follows GET /matches/:id/feed as its audience: fetch, not EventSource, so a token goes in the
 * Authorization header. Reconnects after a drop with Last-Event-ID, so nothing is missed or repeated.
 * Resolves `stop` to end it.
 */
export const follow = (
  path: string,
  token: string | undefined,
  onMessage: (message: FeedMessage) => void,
  onState: (state: 'open' | 'retrying' | 'ended' | 'failed', detail?: string) => void,
) => {
  const controller = new AbortController();
  let lastId: string | undefined;
  let ended = false;
  const run = async (): Promise<void> => {
    while (!controller.signal.aborted && !ended) {
      try {
        const response = await fetch(path, {
          signal: controller.signal,
          headers: { Accept: 'text/event-stream', ...(token && { Authorization: `Bearer ${token}` }), ...(lastId !== undefined && { 'Last-Event-ID': lastId }) },
        });
        if (!response.ok || response.body === null) {
          const problem = (await response.json().catch(() => null)) as { message?: string } | null;
          onState('failed', problem?.message ?? `HTTP ${response.status}`);
          return;
        }
        onState('open');
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const { messages, rest } = sseMessages(buffer + value);
          buffer = rest;
          for (const message of messages) {
            if (message.id !== undefined) lastId = message.id;
            if (message.event === 'ended') ended = true;
            onMessage(message);
          }
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      if (ended) return onState('ended');
      onState('retrying');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };
  void run();
  return { stop: () => controller.abort() };
};

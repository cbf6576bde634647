/** One Server-Sent Events message: `event` is "message" unless the stream named it; `data` lines joined by "\n". */
export interface SseMessage {
  readonly id?: string;
  readonly event: string;
  readonly data: string;
}

/**
 * A Server-Sent Events parser (the WHATWG algorithm) fed chunks split anywhere: lines end in LF, CRLF or CR
 * (a CR at a chunk's end waits for the next chunk), comment lines (the heartbeats) are dropped, `data` lines
 * accumulate, a blank line dispatches. `push` returns the messages the chunk completed.
 */
export class SseParser {
  private buffer = '';
  private started = false;
  private id: string | undefined;
  private event = '';
  private data: string[] = [];

  push(chunk: string): SseMessage[] {
    let text = this.buffer + chunk;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.startsWith('\uFEFF')) text = text.slice(1);
    }
    const messages: SseMessage[] = [];
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const char = text[i];
      if (char !== '\n' && char !== '\r') continue;
      // a CR last in the chunk may be the first half of a CRLF: wait for the next chunk
      if (char === '\r' && i === text.length - 1) break;
      const message = this.line(text.slice(start, i));
      if (message) messages.push(message);
      if (char === '\r' && text[i + 1] === '\n') i++;
      start = i + 1;
    }
    this.buffer = text.slice(start);
    return messages;
  }

  private line(line: string): SseMessage | undefined {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    return undefined;
  }

  private dispatch(): SseMessage | undefined {
    const event = this.event || 'message';
    const data = this.data;
    this.event = '';
    this.data = [];
    if (data.length === 0) return undefined;
    return { ...(this.id !== undefined && { id: this.id }), event, data: data.join('\n') };
  }
}

import { ServerProcess } from '@matchlog/testkit';

/** The server's memory as its own process sees it (process.memoryUsage()), in bytes. */
export interface MemoryUsage {
  readonly rss: number;
  readonly heapTotal: number;
  readonly heapUsed: number;
  readonly external: number;
  readonly arrayBuffers: number;
}

/**
 * A DevTools-protocol client of a server started with `--inspect=127.0.0.1:0` (its address read from
 * its stderr): the memory it reports, after a full collection when asked. Needs a global WebSocket
 * (node 22, or node 20 with --experimental-websocket).
 */
export class Inspector {
  private next = 1;
  private readonly waiting = new Map<number, (result: unknown) => void>();

  private constructor(private readonly socket: WebSocket) {
    socket.addEventListener('message', (message) => {
      const { id, result, error } = JSON.parse(String(message.data)) as { id?: number; result?: unknown; error?: unknown };
      if (id !== undefined) this.waiting.get(id)?.(error === undefined ? result : Promise.reject(new Error(JSON.stringify(error))));
      if (id !== undefined) this.waiting.delete(id);
    });
  }

  static async attach(server: ServerProcess): Promise<Inspector> {
    let url: string | undefined;
    while (!(url = /ws:\/\/\S+/.exec(server.stderr())?.[0])) await new Promise((resolve) => setTimeout(resolve, 50));
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve);
      socket.addEventListener('error', reject);
    });
    return new Inspector(socket);
  }

  call(method: string, params: object = {}): Promise<unknown> {
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /** process.memoryUsage(), after a full collection when `collect` (what is live then, and what the process still holds). */
  async memory(collect: boolean): Promise<MemoryUsage> {
    if (collect) await this.call('HeapProfiler.collectGarbage');
    const { result } = (await this.call('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true })) as { result: { value: string } };
    return JSON.parse(result.value) as MemoryUsage;
  }

  close(): void {
    this.socket.close();
  }
}

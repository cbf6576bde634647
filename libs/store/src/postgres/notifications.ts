import { Client } from 'pg';
import { CHANNEL } from './schema';

export interface Listening {
  /** something was appended: read again */
  wake(): void;
  /** the listening connection failed: nothing more will wake it */
  fail(error: unknown): void;
}

/**
 * One connection per store that LISTENs for appends' commits (from every instance) and wakes the
 * subscriptions joined to it. If that connection fails, every joined subscription is failed; the next
 * join opens a new connection.
 */
export class Notifications {
  private client: Client | undefined;
  private connecting: Promise<Client> | undefined;
  private readonly joined = new Set<Listening>();

  constructor(
    private readonly connectionString: string,
    private readonly errorOf: (error: unknown) => unknown,
  ) {}

  /** Resolves once `listening` will be woken by every append committed from now on. */
  async join(listening: Listening): Promise<void> {
    this.joined.add(listening);
    try {
      await (this.connecting ??= this.connect());
    } catch (error) {
      this.joined.delete(listening);
      throw this.errorOf(error);
    }
  }

  leave(listening: Listening): void {
    this.joined.delete(listening);
  }

  wakeAll(): void {
    for (const listening of this.joined) listening.wake();
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.connecting = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<Client> {
    const client = new Client({ connectionString: this.connectionString, keepAlive: true, connectionTimeoutMillis: 10_000 });
    const lost = (error: unknown) => this.lost(client, error);
    client.on('error', lost);
    client.on('end', () => lost(new Error('Connection terminated unexpectedly')));
    client.on('notification', () => this.wakeAll());
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      this.connecting = undefined;
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
    return client;
  }

  private lost(client: Client, error: unknown): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.connecting = undefined;
    const failure = this.errorOf(error);
    const joined = [...this.joined];
    this.joined.clear();
    for (const listening of joined) listening.fail(failure);
    client.end().catch(() => undefined);
  }
}

import { JournalBatch, JournalEvent, JournalRead, ackLine, batchLine, pendingBatches, readJournal } from './journal-lines';

/** Where a journal's lines are kept: a file in Node (file-store.ts), IndexedDB in a browser (indexed-db-store.ts). */
export interface JournalStore {
  read(): Promise<string>;
  /** appends one line durably: resolved only once it would survive a crash */
  appendLine(line: string): Promise<void>;
}

/** What the journal sends batches with: MatchlogClient.append. */
export interface Appender {
  append(matchId: string, expectedRevision: number, events: readonly JournalEvent[]): Promise<{ readonly revision: number }>;
}

export interface Synced {
  readonly line: number;
  readonly expectedRevision: number;
  readonly events: number;
  readonly revision: number;
}

/**
 * Record now, sync later: each batch is written to the journal before it is sent, and acknowledged
 * by a line of its own once the server answered. After a crash or an outage, sync() sends what is
 * left, in order; every event keeps the id it was journaled with, so a batch the server already
 * holds answers with its first result and is never recorded twice.
 */
export class Journal {
  constructor(
    private readonly store: JournalStore,
    private readonly newId: () => string = () => globalThis.crypto.randomUUID(),
  ) {}

  async read(): Promise<JournalRead> {
    return readJournal(await this.store.read());
  }

  /** Journals the batch (ids given now), then sends it; a batch that could not be sent stays pending for sync(). */
  async append(client: Appender, matchId: string, expectedRevision: number, events: readonly JournalEvent[]): Promise<{ revision: number }> {
    const withIds = events.map((event) => ({ ...event, id: event.id ?? this.newId() }));
    await this.store.appendLine(batchLine(expectedRevision, withIds));
    const { revision } = await client.append(matchId, expectedRevision, withIds);
    await this.store.appendLine(ackLine(expectedRevision, revision));
    return { revision };
  }

  /** Sends every batch not yet acknowledged, in order, once each; stops at the first that fails (the error says which line). */
  async sync(client: Appender, matchId: string, onSynced: (synced: Synced) => void = () => {}): Promise<Synced[]> {
    const synced: Synced[] = [];
    for (const batch of pendingBatches(await this.read())) {
      const { revision } = await this.send(client, matchId, batch);
      await this.store.appendLine(ackLine(batch.expectedRevision, revision));
      const done = { line: batch.line, expectedRevision: batch.expectedRevision, events: batch.events.length, revision };
      synced.push(done);
      onSynced(done);
    }
    return synced;
  }

  private async send(client: Appender, matchId: string, batch: JournalBatch) {
    try {
      return await client.append(matchId, batch.expectedRevision, batch.events);
    } catch (error) {
      throw new JournalSyncError(batch, error);
    }
  }
}

export class JournalSyncError extends Error {
  constructor(
    readonly batch: JournalBatch,
    override readonly cause: unknown,
  ) {
    super(`journal line ${batch.line} (expectedRevision ${batch.expectedRevision}, ${batch.events.length} events) was not recorded: ${(cause as Error)?.message ?? String(cause)}`);
  }
}

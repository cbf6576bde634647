import {
  AppendLimits,
  DEFAULT_APPEND_LIMITS,
  JournalBatch,
  JournalEvent,
  JournalRead,
  ackLine,
  batchLine,
  matchLine,
  overLimits,
  pendingBatches,
  readJournal,
  rejectedLine,
} from './journal-lines';

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

/** A refusal no retry changes: the batch, as it is, can never be recorded (a conflict, an event the domain refuses). */
const isRefusal = (error: unknown): boolean => {
  const status = (error as { status?: unknown })?.status;
  return status === 409 || status === 413 || status === 422;
};

/** A batch the journal refuses itself, before sending it: over the server's limits (`code` says which); no retry changes it. */
export class JournalLimitError extends Error {
  readonly status = 413;
  constructor(
    readonly code: 'BATCH_TOO_MANY_EVENTS' | 'BATCH_TOO_LARGE',
    /** how far over, and what to do */
    readonly reason: string,
  ) {
    super(`${code}: ${reason}`);
  }
}

/**
 * Record now, sync later: one journal per match. Each batch is written to the journal before it is sent,
 * and acknowledged by a line of its own once the server answered. After a crash or an outage, sync()
 * sends what is left, in order; every event keeps the id it was journaled with, so a batch the server
 * already holds answers with its first result and is never recorded twice.
 */
export class Journal {
  constructor(
    private readonly store: JournalStore,
    private readonly newId: () => string = () => globalThis.crypto.randomUUID(),
    private readonly limits: AppendLimits = DEFAULT_APPEND_LIMITS,
  ) {}

  async read(matchId?: string): Promise<JournalRead> {
    return readJournal(await this.store.read(), matchId);
  }

  /**
   * Journals the batch (ids given now), then sends every batch still pending, this one last, in order.
   * The network failing: the client's NetworkError, and the batches wait for the next append or sync().
   * The server refusing this batch as it is (409, 422): the journal marks it refused and the error is
   * thrown: decide again, from the match as it is. An earlier batch refused: a JournalSyncError naming it.
   * A batch over the server's limits is a JournalLimitError, and nothing is journaled.
   */
  async append(client: Appender, matchId: string, expectedRevision: number, events: readonly JournalEvent[]): Promise<{ revision: number }> {
    const withIds = events.map((event) => ({ ...event, id: event.id ?? this.newId() }));
    const over = overLimits({ expectedRevision, events: withIds }, this.limits);
    if (over !== undefined) throw new JournalLimitError(over.code, over.message);
    await this.bind(matchId, await this.read(matchId));
    await this.store.appendLine(batchLine(expectedRevision, withIds));
    const read = await this.read(matchId);
    const mine = read.batches[read.batches.length - 1];
    try {
      const synced = await this.sendPending(client, matchId, read);
      return { revision: synced[synced.length - 1].revision };
    } catch (error) {
      if (!(error instanceof JournalSyncError)) throw error;
      // the network: this batch waits with the others, as the error says
      if (!isRefusal(error.cause)) throw error.cause;
      if (error.batch !== mine) throw error;
      await this.store.appendLine(rejectedLine(mine, (error.cause as { code?: string }).code ?? 'REFUSED'));
      throw error.cause;
    }
  }

  /**
   * Sends every batch neither acknowledged nor refused, in order, once each; stops at the first that fails (the error says which line).
   * A batch over the server's limits is never sent: the journal marks it refused (`{"rejected": …}`, its code) and stops there,
   * with a JournalSyncError whose cause is a JournalLimitError.
   */
  async sync(client: Appender, matchId: string, onSynced: (synced: Synced) => void = () => {}): Promise<Synced[]> {
    const read = await this.read(matchId);
    await this.bind(matchId, read);
    return this.sendPending(client, matchId, read, onSynced);
  }

  private async sendPending(client: Appender, matchId: string, read: JournalRead, onSynced: (synced: Synced) => void = () => {}): Promise<Synced[]> {
    const synced: Synced[] = [];
    for (const batch of pendingBatches(read)) {
      const over = overLimits(batch, this.limits);
      if (over !== undefined) {
        await this.store.appendLine(rejectedLine(batch, over.code));
        throw new JournalSyncError(batch, new JournalLimitError(over.code, over.message));
      }
      const { revision } = await this.send(client, matchId, batch);
      if (typeof revision !== 'number') throw new JournalSyncError(batch, new Error('the answer has no revision: is the server a matchlog API?'));
      await this.store.appendLine(ackLine(batch, revision));
      const done = { line: batch.line, expectedRevision: batch.expectedRevision, events: batch.events.length, revision };
      synced.push(done);
      onSynced(done);
    }
    return synced;
  }

  /** A journal records one match: the first append or sync names it; another match is refused. */
  private async bind(matchId: string, { match }: JournalRead): Promise<void> {
    if (match === undefined) await this.store.appendLine(matchLine(matchId));
    else if (match !== matchId) throw new JournalMatchError(match, matchId);
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

export class JournalMatchError extends Error {
  constructor(
    readonly journalMatch: string,
    readonly matchId: string,
  ) {
    super(`this journal records match ${journalMatch}, not ${matchId}: keep one journal per match`);
  }
}

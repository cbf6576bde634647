import { randomUUID } from 'node:crypto';
import { checkAppend } from './check-append';
import { AppendResult, EventStore, EventToAppend, ExpectedRevision, ReadOptions, RevisionConflict, StoredEvent, Subscription } from './event-store';
import { LocalSubscriptions } from './local-subscriptions';
import { HeldEvent, earlierAppend } from './retry-rule';

/** An event as held: its data and meta as JSON text, as the SQL stores keep them (a retry compares the text; every read parses a copy of its own). */
interface Held extends HeldEvent {
  readonly id: string;
  readonly meta: string | null;
}

const serialise = (e: EventToAppend) => ({ id: e.id, type: e.type, data: JSON.stringify(e.data), meta: e.meta === undefined ? null : JSON.stringify(e.meta) });

const toStored = (held: Held): StoredEvent => {
  const event: { -readonly [K in keyof StoredEvent]: StoredEvent[K] } = {
    streamId: held.streamId,
    revision: held.revision,
    position: held.position,
    id: held.id,
    type: held.type,
    data: JSON.parse(held.data),
  };
  if (held.meta !== null) event.meta = JSON.parse(held.meta);
  return event;
};

/**
 * The event store in memory, with the SQLite store's semantics (it passes the same contract,
 * libs/store/test/event-store.contract.ts): the fast double for tests that do not test storage. Every
 * instance is a store of its own, with its own storeId, and keeps nothing past the process. An append is
 * decided when it is called, in call order: the order SQLite's group commit decides one turn's appends in.
 *
 * Its state is held in containers, never in fields assigned after construction, so that a test's wrapper
 * made with Object.create(store) (one method overridden) reads and writes the same store.
 */
export class InMemoryEventStore implements EventStore {
  /** every event, the one at position p at index p - 1 */
  private readonly log: Held[] = [];
  /** each stream's events, the one at revision r at index r - 1 */
  private readonly streams = new Map<string, Held[]>();
  /** the events under each id, in position order: ids are unique per stream, so one per stream */
  private readonly byId = new Map<string, Held[]>();
  /** the stored snapshots, as JSON text, by key: beside the log, never in it */
  private readonly snapshots = new Map<string, string>();
  private readonly subscriptions = new LocalSubscriptions();
  private readonly state = { closed: false };
  private readonly id = randomUUID();

  async append(streamId: string, expected: ExpectedRevision, events: readonly EventToAppend[]): Promise<AppendResult> {
    this.checkOpen();
    checkAppend(streamId, expected, events);
    const batch = events.map(serialise);
    const stream = this.streams.get(streamId) ?? [];
    // a batch with held ids is answered by the retry rule (its first result, or DuplicateEventId) whatever
    // its expected revision: SQLite checks the revision first, but then consults the same rule
    const earlier = earlierAppend(
      streamId,
      batch,
      batch.map((e) => this.byId.get(e.id)?.find((held) => held.streamId === streamId)),
    );
    if (earlier !== undefined && 'error' in earlier) throw earlier.error;
    if (earlier !== undefined) return earlier.result;
    if (expected !== 'any' && expected !== stream.length) throw new RevisionConflict(streamId, expected, stream.length);
    for (const e of batch) {
      const held: Held = { ...e, streamId, revision: stream.length + 1, position: this.log.length + 1 };
      this.log.push(held);
      stream.push(held);
      const holders = this.byId.get(held.id);
      if (holders) holders.push(held);
      else this.byId.set(held.id, [held]);
    }
    this.streams.set(streamId, stream);
    this.subscriptions.wakeAll();
    return { revision: stream.length, position: this.log.length };
  }

  async readStream(streamId: string, options: ReadOptions = {}): Promise<StoredEvent[]> {
    this.checkOpen();
    const stream = this.streams.get(streamId) ?? [];
    // as SQLite's LIMIT: a negative maxCount is no limit
    const limit = options.maxCount === undefined || options.maxCount < 0 ? undefined : options.maxCount;
    const picked =
      options.direction === 'backwards'
        ? stream.slice(0, Math.max(0, Math.floor(options.from ?? stream.length))).reverse()
        : stream.slice(Math.max(0, Math.ceil(options.from ?? 1) - 1));
    return picked.slice(0, limit).map(toStored);
  }

  async revisionOf(streamId: string): Promise<number> {
    this.checkOpen();
    return this.streams.get(streamId)?.length ?? 0;
  }

  async headPosition(): Promise<number> {
    this.checkOpen();
    return this.log.length;
  }

  async findEvent(eventId: string): Promise<StoredEvent | undefined> {
    this.checkOpen();
    const holders = this.byId.get(eventId) ?? [];
    const held = holders.find((h) => h.revision === 1) ?? holders[0];
    return held && toStored(held);
  }

  async readAll(afterPosition: number, maxCount: number): Promise<StoredEvent[]> {
    this.checkOpen();
    if (maxCount <= 0) return [];
    const start = Math.max(0, Math.floor(afterPosition));
    return this.log.slice(start, start + maxCount).map(toStored);
  }

  /** As SQLite's: a synchronous `onEvent` gets everything already appended in one turn (the catalog batches it); close() rethrows its failure. */
  subscribeAll(afterPosition: number, onEvent: (event: StoredEvent) => Promise<void> | void, onFailure?: (error: unknown) => void): Subscription {
    return this.subscriptions.start(
      this.state.closed,
      afterPosition,
      async (subscriber) => {
        // the index in the log of the next event to deliver
        let next = Math.max(0, Math.floor(afterPosition));
        while (!subscriber.closed) {
          const held = this.log[next];
          if (held === undefined) {
            // nothing can be appended between the look above and this wait: both run in one turn
            await LocalSubscriptions.wait(subscriber);
            continue;
          }
          const handled = onEvent(toStored(held));
          if (handled !== undefined) await handled;
          subscriber.position = held.position;
          next++;
        }
      },
      onFailure,
    );
  }

  async storeId(): Promise<string> {
    return this.id;
  }

  async writeSnapshot(key: string, data: unknown): Promise<void> {
    this.checkOpen();
    this.snapshots.set(key, JSON.stringify(data));
  }

  async readSnapshot(key: string): Promise<unknown> {
    this.checkOpen();
    const text = this.snapshots.get(key);
    return text === undefined ? undefined : JSON.parse(text);
  }

  /** Ends every subscription (after the event each is handling); appends and reads are refused from then on. */
  async close(): Promise<void> {
    if (this.state.closed) return;
    this.state.closed = true;
    await this.subscriptions.closeAll();
  }

  private checkOpen(): void {
    if (this.state.closed) throw new Error('the event store is closed');
  }
}

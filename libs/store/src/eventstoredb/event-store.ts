import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  Position,
  ReadPosition,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  jsonEvent,
  streamNameFilter,
  type AppendExpectedRevision,
  type JSONType,
  type RecordedEvent,
} from '@eventstore/db-client';
import { createHash, randomUUID } from 'node:crypto';
import { checkAppend } from '../check-append';
import { EsdbClient, EsdbSubscription } from './client';
import { storeErrorOf } from './errors';
import { latestSnapshot, snapshotParts, snapshotStreamOf } from './snapshots';
import { AppendResult, DuplicateEventId, EventStore, EventToAppend, ExpectedRevision, ReadOptions, RevisionConflict, StoredEvent, Subscription } from '../event-store';
import { StoreUnavailable } from '../storage-errors';

/** Our streams are `matchlog-<streamId>`, apart from EventStoreDB's own (`$…`) and anyone else's. */
export const STREAM_PREFIX = 'matchlog-';
const READ_ALL_PAGE = 512;
/** The stream that holds the store's identity: outside STREAM_PREFIX, so no subscription delivers it; not a `$` stream, so no admin right is needed. */
export const STORE_ID_STREAM = 'matchlog@store';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The UUIDv5 namespace of matchlog event ids that are not UUIDs themselves. */
const ID_NAMESPACE = Buffer.from('974c53c46bc046488651cef5caf7d312', 'hex');

interface Metadata {
  /** our id, as the recorder chose it: EventStoreDB keeps ids as lower-case UUIDs */
  matchlogId: string;
  meta?: unknown;
}

/**
 * EventStoreDB event ids must be UUIDs, and it writes them in lower case: a lower-case UUID is kept,
 * any other id maps to a UUIDv5 (RFC 4122 §4.3) of itself, so ids differing only in case stay apart.
 */
export const esdbEventId = (id: string): string => {
  if (UUID.test(id) && id === id.toLowerCase()) return id;
  const hash = createHash('sha1').update(ID_NAMESPACE).update(id, 'utf8').digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

const streamName = (streamId: string) => STREAM_PREFIX + streamId;

/** Always an exact revision: the server guarantees idempotency for those only, never for ANY (the client's ExpectedRevision doc). */
const toEsdbExpected = (expected: number): AppendExpectedRevision => (expected === 0 ? NO_STREAM : BigInt(expected - 1));

/** Our positions are commit positions: every event of an append is its own committed record, so they are unique. */
const toReadPosition = (afterPosition: number): ReadPosition => (afterPosition <= 0 ? START : { commit: BigInt(afterPosition), prepare: BigInt(afterPosition) });

const isOurs = (event: RecordedEvent | undefined): event is RecordedEvent => event !== undefined && event.streamId.startsWith(STREAM_PREFIX) && !event.type.startsWith('$');

const positionOf = (event: RecordedEvent, resolvedCommit?: bigint): number => {
  const commit = event.position?.commit ?? resolvedCommit;
  if (commit === undefined || commit >= 0xffffffffffffffffn) {
    throw new Error(`EventStoreDB returned no position for event ${event.id} of ${event.streamId}: matchlog needs a server of 22.6 or later`);
  }
  return Number(commit);
};

/** The same event as SQLite judges it: id, type and data (meta is the recorder's stamp, new on every retry). */
const sameEvent = (stored: StoredEvent, event: EventToAppend): boolean =>
  stored.id === event.id && stored.type === event.type && JSON.stringify(stored.data) === JSON.stringify(event.data);

const toStored = (event: RecordedEvent, resolvedCommit?: bigint): StoredEvent => {
  const metadata = (event.metadata ?? {}) as Partial<Metadata>;
  const stored: { -readonly [K in keyof StoredEvent]: StoredEvent[K] } = {
    streamId: event.streamId.slice(STREAM_PREFIX.length),
    revision: Number(event.revision) + 1,
    position: positionOf(event, resolvedCommit),
    id: metadata.matchlogId ?? event.id,
    type: event.type,
    data: event.data,
  };
  if (metadata.meta !== undefined) stored.meta = metadata.meta;
  return stored;
};

/**
 * The event store on an EventStoreDB (KurrentDB) server, one EventStoreDB stream per matchlog
 * stream. Our revision is EventStoreDB's stream revision + 1; our position is the commit position.
 *
 * EventStoreDB keys idempotency on event ids within a stream only, and guarantees it only for an
 * exact expected revision: every append here names one ('any' is resolved to the stream's end first),
 * so a retry at the same place is recognised by the server, and a batch that is partly there is
 * refused as DuplicateEventId, and so is one at the same place with another body (the server answers a
 * retry with no position: the events there are then compared). An id in another stream is fresh here,
 * as in every store; one reused later in the same stream is not detected (the contract's
 * `reusedIdsDetected: false`).
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly subscriptions = new Set<Subscription>();
  private closed = false;
  private id: Promise<string> | undefined;

  constructor(private readonly client: EsdbClient) {}

  static connect(connectionString: string): EventStoreDbEventStore {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString(connectionString));
  }

  async append(streamId: string, expected: ExpectedRevision, events: readonly EventToAppend[]): Promise<AppendResult> {
    if (this.closed) throw new Error('the event store is closed');
    checkAppend(streamId, expected, events);
    return expected === 'any' ? this.appendAtEnd(streamId, events) : this.appendAt(streamId, expected, events);
  }

  /**
   * 'any' as an exact revision: the batch's first result if it is in the stream already (a retry),
   * else an append at the revision just read, read again if another append got in first.
   */
  private async appendAtEnd(streamId: string, events: readonly EventToAppend[]): Promise<AppendResult> {
    for (;;) {
      const stored = await this.readStream(streamId);
      const at = stored.findIndex((e) => e.id === events[0].id);
      if (at >= 0) return this.resultOf(stored.slice(at, at + events.length), events);
      const ids = new Set(events.map((e) => e.id));
      const taken = stored.find((e) => ids.has(e.id));
      if (taken) throw new DuplicateEventId(taken.id);
      try {
        return await this.appendAt(streamId, stored.length, events);
      } catch (error) {
        if (!(error instanceof RevisionConflict)) throw error;
      }
    }
  }

  /** The result a batch already in the stream got, or DuplicateEventId if only part of it is there. */
  private resultOf(there: readonly StoredEvent[], events: readonly EventToAppend[]): AppendResult {
    if (events.some((e, i) => there[i]?.id !== e.id)) throw new DuplicateEventId(events[0].id);
    const last = there[there.length - 1];
    return { revision: last.revision, position: last.position };
  }

  private async appendAt(streamId: string, expected: number, events: readonly EventToAppend[]): Promise<AppendResult> {
    const esdbEvents = events.map((e) =>
      jsonEvent({ id: esdbEventId(e.id), type: e.type, data: e.data as JSONType, metadata: { matchlogId: e.id, meta: e.meta } satisfies Metadata }),
    );
    try {
      const result = await this.client.appendToStream(streamName(streamId), esdbEvents, { expectedRevision: toEsdbExpected(expected) });
      if (result.position) return { revision: Number(result.nextExpectedRevision) + 1, position: Number(result.position.commit) };
      // no position: the server found these ids at this place, a retry; of these very events, or refused as SQLite would
      const there = await this.readStream(streamId, { from: expected + 1, maxCount: events.length });
      const other = there.find((stored, i) => !sameEvent(stored, events[i]));
      if (other) throw new DuplicateEventId(other.id);
      const last = there[there.length - 1];
      return { revision: last.revision, position: last.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw storeErrorOf(error);
      const actual = error.actualVersion === NO_STREAM ? 0 : Number(error.actualVersion) + 1;
      throw (await this.idTakenAtExpectedPlace(streamId, expected, events)) ?? new RevisionConflict(streamId, expected, actual);
    }
  }

  async readStream(streamId: string, options: ReadOptions = {}): Promise<StoredEvent[]> {
    if (options.maxCount === 0) return [];
    const backwards = options.direction === 'backwards';
    const from = options.from;
    if (backwards && from !== undefined && from < 1) return [];
    const fromRevision = backwards && from === undefined ? END : BigInt(Math.max(from ?? 1, 1) - 1);
    const events: StoredEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamName(streamId), {
        fromRevision,
        direction: backwards ? BACKWARDS : FORWARDS,
        ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
      })) {
        if (resolved.event) events.push(toStored(resolved.event, resolved.commitPosition));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw storeErrorOf(error);
    }
    return events;
  }

  async revisionOf(streamId: string): Promise<number> {
    const [last] = await this.readStream(streamId, { direction: 'backwards', maxCount: 1 });
    return last?.revision ?? 0;
  }

  /** The end of $all as far as our streams go: $all read backwards to the first event of ours (EventStoreDB's own come after it). */
  async headPosition(): Promise<number> {
    try {
      let from: ReadPosition = END;
      for (;;) {
        let read = 0;
        let last: Position | undefined;
        for await (const resolved of this.client.readAll({ fromPosition: from, direction: BACKWARDS, maxCount: READ_ALL_PAGE })) {
          read++;
          const event: RecordedEvent | undefined = resolved.event;
          last = event?.position ?? last;
          if (isOurs(event)) return positionOf(event, resolved.commitPosition);
        }
        if (read < READ_ALL_PAGE || last === undefined) return 0;
        from = last;
      }
    } catch (error) {
      throw storeErrorOf(error);
    }
  }

  async readAll(afterPosition: number, maxCount: number): Promise<StoredEvent[]> {
    try {
      return await this.readAllUnmapped(afterPosition, maxCount);
    } catch (error) {
      throw storeErrorOf(error);
    }
  }

  private async readAllUnmapped(afterPosition: number, maxCount: number): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    let after = afterPosition;
    let from = toReadPosition(afterPosition);
    while (events.length < maxCount) {
      let read = 0;
      let last: Position | undefined;
      for await (const resolved of this.client.readAll({ fromPosition: from, direction: FORWARDS, maxCount: READ_ALL_PAGE })) {
        read++;
        const event = resolved.event;
        if (!event) continue;
        last = event.position;
        if (isOurs(event) && Number(event.position.commit) > after) {
          events.push(toStored(event, resolved.commitPosition));
          if (events.length === maxCount) break;
        }
      }
      if (read < READ_ALL_PAGE || last === undefined || events.length >= maxCount) break;
      // the page ended on events not ours: carry on after its last one (readAll's fromPosition is inclusive)
      from = last;
      after = Math.max(after, Number(last.commit));
    }
    return events;
  }

  subscribeAll(afterPosition: number, onEvent: (event: StoredEvent) => Promise<void> | void, onFailure?: (error: unknown) => void): Subscription {
    let esdb: EsdbSubscription | undefined;
    let closed = false;
    let failure: unknown;
    const run = async () => {
      // the server filters: only our streams cross the wire (the filter needs no more rights than $all itself: docs/guides/operator.md)
      esdb = this.client.subscribeToAll({ fromPosition: toReadPosition(afterPosition), filter: streamNameFilter({ prefixes: [STREAM_PREFIX] }) });
      let delivered = afterPosition;
      for await (const resolved of esdb) {
        if (closed) return;
        if (!isOurs(resolved.event)) continue;
        const event = toStored(resolved.event, resolved.commitPosition);
        // fromPosition is inclusive on some servers: skip what was delivered already
        if (event.position <= delivered) continue;
        await onEvent(event);
        delivered = event.position;
      }
      // a catch-up subscription never ends by itself: the connection did (a server restart, a leader change)
      if (!closed) throw new StoreUnavailable('EventStoreDB ended the catalog subscription');
    };
    const stop = () => esdb?.unsubscribe().catch(() => undefined);
    // every way it can end but close() is a failure reported to onFailure: it never stops silently
    const finished = run().catch(async (error) => {
      if (!closed) failure = storeErrorOf(error);
      await stop();
      if (failure !== undefined) onFailure?.(failure);
    });
    const subscription: Subscription = {
      close: async () => {
        closed = true;
        this.subscriptions.delete(subscription);
        await stop();
        await finished;
        if (failure !== undefined) throw failure;
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  /** The id in STORE_ID_STREAM's first event; the first instance to find none writes one (the others' appends then conflict, and they read it). */
  storeId(): Promise<string> {
    this.id ??= this.readOrMakeStoreId().catch((error) => {
      this.id = undefined;
      throw storeErrorOf(error);
    });
    return this.id;
  }

  private async readOrMakeStoreId(): Promise<string> {
    for (;;) {
      try {
        for await (const resolved of this.client.readStream(STORE_ID_STREAM, { fromRevision: START, maxCount: 1 })) {
          if (resolved.event) return (resolved.event.data as { storeId: string }).storeId;
        }
      } catch (error) {
        if (!(error instanceof StreamNotFoundError)) throw error;
      }
      try {
        await this.client.appendToStream(STORE_ID_STREAM, jsonEvent({ type: 'StoreIdentified', data: { storeId: randomUUID() } }), { expectedRevision: NO_STREAM });
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
      }
    }
  }

  /** Each part appended by itself at the stream's end; readSnapshot uses a snapshot once its last part is there. */
  async writeSnapshot(key: string, data: unknown): Promise<void> {
    if (this.closed) throw new Error('the event store is closed');
    try {
      for (const part of snapshotParts(data)) await this.client.appendToStream(snapshotStreamOf(key), part, { expectedRevision: ANY });
    } catch (error) {
      throw storeErrorOf(error);
    }
  }

  async readSnapshot(key: string): Promise<unknown> {
    try {
      return await latestSnapshot((maxCount) => this.client.readStream(snapshotStreamOf(key), { fromRevision: END, direction: BACKWARDS, maxCount }));
    } catch (error) {
      throw storeErrorOf(error);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.allSettled([...this.subscriptions].map((s) => s.close()));
    await this.client.dispose();
  }

  /**
   * After a WrongExpectedVersion: DuplicateEventId if one of the batch's ids is already at the place
   * the batch expected to go (the server refuses a retry that is only partly there that way).
   */
  private async idTakenAtExpectedPlace(streamId: string, expected: number, events: readonly EventToAppend[]): Promise<DuplicateEventId | undefined> {
    const there = await this.readStream(streamId, { from: expected + 1, maxCount: events.length });
    const ids = new Set(events.map((e) => e.id));
    const taken = there.find((e) => ids.has(e.id));
    return taken && new DuplicateEventId(taken.id);
  }
}

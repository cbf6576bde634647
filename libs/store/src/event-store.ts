/** An event as the store keeps it: the domain's event, opaque to the store but for its id and type. */
export interface EventToAppend {
  readonly id: string;
  readonly type: string;
  readonly data: unknown;
  readonly meta?: unknown;
}

export interface StoredEvent extends EventToAppend {
  readonly streamId: string;
  /** 1 for a stream's first event: the stream's revision once this event is in it */
  readonly revision: number;
  /** position in the store's global order, starting at 1, increasing, never reused */
  readonly position: number;
}

/**
 * The revision the caller expects the stream to be at before this append: a number (0 = the
 * stream must not exist yet), or 'any'.
 */
export type ExpectedRevision = number | 'any';

export interface AppendResult {
  /** the stream's revision after the append */
  readonly revision: number;
  /** the global position of the last event appended */
  readonly position: number;
}

/** The stream is not at the revision the caller expected: nothing was written. */
export class RevisionConflict extends Error {
  readonly code = 'REVISION_CONFLICT';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number,
  ) {
    super(`stream ${streamId} is at revision ${actual}, not ${expected}`);
  }
}

/**
 * The same event id was appended before in this stream with a different place or body: nothing was
 * written. Ids are unique per stream: one another stream holds is accepted as a fresh id, so no
 * append's answer tells anything of other streams.
 */
export class DuplicateEventId extends Error {
  readonly code = 'DUPLICATE_EVENT_ID';
  constructor(readonly eventId: string) {
    super(
      `event id "${eventId}" is taken: give this event another id (a random UUID), or leave id out and the server draws one. ` +
        'A retry answers as the first append only when it sends the same events (ids and bodies) with the same expectedRevision',
    );
  }
}

export interface ReadOptions {
  /** forwards: the first revision to read (default 1); backwards: the last (default: the end) */
  readonly from?: number;
  readonly direction?: 'forwards' | 'backwards';
  readonly maxCount?: number;
}

export interface Subscription {
  close(): Promise<void>;
}

/**
 * The port every event store adapter implements; `libs/store/test/event-store.contract.ts` is the
 * suite every adapter must pass.
 */
export interface EventStore {
  /**
   * Appends `events` to the stream if it is at `expected`; all or nothing. Event ids are unique per
   * stream: one the stream holds for another event is DuplicateEventId, one only other streams hold is
   * fresh here. Retrying a batch whose event ids were all appended already in this stream, in the same
   * place, returns the first result and writes nothing new.
   */
  append(streamId: string, expected: ExpectedRevision, events: readonly EventToAppend[]): Promise<AppendResult>;
  /** A stream's events; an unknown stream reads as empty. */
  readStream(streamId: string, options?: ReadOptions): Promise<StoredEvent[]>;
  /** The current revision of a stream; 0 when it has no events. */
  revisionOf(streamId: string): Promise<number>;
  /** The position of the last event committed in any stream, as of this call; 0 when the store is empty. */
  headPosition(): Promise<number>;
  /**
   * An event with this id, in any stream; undefined when none holds it. Of several streams holding it,
   * the first (by position) to begin with it, else the first to hold it. Only a store that indexes event
   * ids across streams has it (SQLite, PostgreSQL; not EventStoreDB: `reusedIdsDetected: false`).
   */
  findEvent?(eventId: string): Promise<StoredEvent | undefined>;
  /** Every stream's events in global order, after `afterPosition` (exclusive), at most `maxCount`. */
  readAll(afterPosition: number, maxCount: number): Promise<StoredEvent[]>;
  /**
   * A catch-up subscription: every event after `afterPosition` in global order, history first,
   * then live ones as they are appended. `onEvent` is awaited before the next event is delivered.
   * `onFailure` is called if the subscription ends by itself on an error (the store unreachable,
   * damaged): it delivers nothing more, and a new subscription is the way on.
   */
  subscribeAll(afterPosition: number, onEvent: (event: StoredEvent) => Promise<void> | void, onFailure?: (error: unknown) => void): Subscription;
  /**
   * The identity of this store: made once, when the store is first opened, and kept in it; the same
   * for every instance on the same store. A read model records it beside its checkpoint, so that one
   * fed from another store is rebuilt rather than resumed at a position that means nothing there.
   */
  storeId(): Promise<string>;
  /**
   * Keeps `data` (JSON) under `key`, in place of what was kept there: a stored snapshot, derived state
   * beside the log, never in it. No stream holds it, so readStream, readAll and subscribeAll never
   * return it, and no event position is taken. Any size (a snapshot reaches megabytes).
   */
  writeSnapshot(key: string, data: unknown): Promise<void>;
  /** What `writeSnapshot` last kept under `key`; undefined when nothing is. */
  readSnapshot(key: string): Promise<unknown>;
  close(): Promise<void>;
}

import {
  ANY,
  BACKWARDS,
  END,
  MaxAppendSizeExceededError,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type AppendResult,
  type Direction,
  type EventData,
  type Filter,
  type JSONEventType,
  type ReadPosition,
  type ReadRevision,
  type ResolvedEvent,
} from '@eventstore/db-client';
import type { EsdbClient, EsdbSubscription } from '@matchlog/store/eventstoredb';

interface Recorded {
  readonly streamId: string;
  readonly revision: bigint;
  readonly commit: bigint;
  readonly id: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: unknown;
}

type Call = 'appendToStream' | 'readStream' | 'readAll' | 'subscribeToAll';

/** Bytes an event counts against the append limit, as the server counts them (data, metadata, type). */
export const bytesOf = (event: EventData): number =>
  Buffer.byteLength(JSON.stringify(event.data)) + Buffer.byteLength(JSON.stringify(event.metadata ?? null)) + Buffer.byteLength(event.type);

/**
 * An in-memory KurrentDB for the adapter's fault paths: appends with the server's expected-revision
 * and idempotency rules and its --max-append-size, reads, and filtered catch-up subscriptions to $all;
 * `failNext` makes a call fail as the client does, and `breakSubscriptions` cuts the live ones.
 */
export class EsdbDouble implements EsdbClient {
  readonly log: Recorded[] = [];
  /** every append the adapter sent: its stream, expected revision and number of events */
  readonly appends: { streamName: string; expectedRevision: AppendExpectedRevision; count: number; bytes: number }[] = [];
  readonly subscriptions: { fromPosition: ReadPosition; filter: Filter }[] = [];
  maxAppendSize = 1024 * 1024;
  private readonly faults = new Map<Call, Error[]>();
  private readonly live = new Set<(error?: Error) => void>();
  private wake: () => void = () => undefined;
  private changed = new Promise<void>((resolve) => (this.wake = resolve));

  failNext(call: Call, error: Error, times = 1): void {
    this.faults.set(call, [...(this.faults.get(call) ?? []), ...Array<Error>(times).fill(error)]);
  }

  /** Every live subscription fails with `error` (or ends, with none) before it delivers anything more. */
  breakSubscriptions(error?: Error): void {
    for (const cut of this.live) cut(error);
  }

  /** An event of another application (or the server's own), which matchlog must never see. */
  appendForeign(streamId: string): void {
    this.record(streamId, [{ id: `${streamId}-${this.log.length}`, type: 'Foreign', data: {}, metadata: null } as unknown as EventData]);
  }

  async appendToStream(streamName: string, event: EventData | EventData[], { expectedRevision }: { expectedRevision: AppendExpectedRevision }): Promise<AppendResult> {
    this.fault('appendToStream');
    const events = Array.isArray(event) ? event : [event];
    const bytes = events.reduce((sum, e) => sum + bytesOf(e), 0);
    this.appends.push({ streamName, expectedRevision, count: events.length, bytes });
    if (bytes > this.maxAppendSize) throw MaxAppendSizeExceededError.fromMaxAppendSize(this.maxAppendSize);
    const stream = this.log.filter((r) => r.streamId === streamName);
    const current = stream.length === 0 ? NO_STREAM : BigInt(stream.length - 1);
    const at = expectedRevision === ANY ? stream.length : expectedRevision === NO_STREAM ? 0 : typeof expectedRevision === 'bigint' ? Number(expectedRevision) + 1 : -1;
    if (expectedRevision !== ANY && at !== stream.length) {
      const there = stream.slice(at, at + events.length);
      // the server's idempotency for an exact expected revision: the same ids at the same place
      if (there.length === events.length && there.every((r, i) => r.id === events[i].id)) return { success: true, nextExpectedRevision: BigInt(at + events.length - 1) };
      throw new WrongExpectedVersionError(undefined, { streamName, expected: expectedRevision, current });
    }
    const last = this.record(streamName, events);
    return { success: true, nextExpectedRevision: last.revision, position: { commit: last.commit, prepare: last.commit } };
  }

  readStream(streamName: string, options: { fromRevision: ReadRevision; direction?: string; maxCount?: number }): AsyncIterable<ResolvedEvent> {
    const fault = this.takeFault('readStream');
    const stream = this.log.filter((r) => r.streamId === streamName);
    const backwards = options.direction === BACKWARDS;
    const from = options.fromRevision === START ? 0 : options.fromRevision === END ? stream.length - 1 : Number(options.fromRevision);
    const picked = backwards ? stream.filter((r) => Number(r.revision) <= from).reverse() : stream.filter((r) => Number(r.revision) >= from);
    const events = picked.slice(0, options.maxCount ?? Infinity).map(resolved);
    return (async function* () {
      if (fault) throw fault;
      if (stream.length === 0) throw new StreamNotFoundError(undefined, streamName);
      yield* events;
    })();
  }

  readAll(options: { fromPosition: ReadPosition; direction?: Direction; maxCount: number }): AsyncIterable<AllStreamResolvedEvent> {
    const fault = this.takeFault('readAll');
    // inclusive, as the server's readAll is
    const from = commitOf(options.fromPosition);
    const events = (options.direction === BACKWARDS ? this.log.filter((r) => r.commit <= from).reverse() : this.log.filter((r) => r.commit >= from))
      .slice(0, options.maxCount)
      .map(resolved);
    return (async function* () {
      if (fault) throw fault;
      yield* events as AllStreamResolvedEvent[];
    })();
  }

  subscribeToAll(options: { fromPosition: ReadPosition; filter: Filter }): EsdbSubscription {
    this.subscriptions.push(options);
    const fault = this.takeFault('subscribeToAll');
    const prefixes = 'prefixes' in options.filter ? options.filter.prefixes : [];
    let after = commitOf(options.fromPosition) - 1n;
    let cut: { error?: Error } | undefined;
    let stopped = false;
    const onCut = (error?: Error) => {
      cut = { error };
      this.wakeAll();
    };
    this.live.add(onCut);
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- a generator function has no lexical this
    const double = this;
    const events = async function* (): AsyncGenerator<AllStreamResolvedEvent> {
      try {
        if (fault) throw fault;
        for (;;) {
          const changed = double.changed;
          const next = double.log.find((r) => r.commit > after && prefixes.some((p) => r.streamId.startsWith(p)));
          if (cut) {
            if (cut.error) throw cut.error;
            return;
          }
          if (stopped) return;
          if (next) {
            after = next.commit;
            yield resolved(next) as AllStreamResolvedEvent;
          } else await changed;
        }
      } finally {
        double.live.delete(onCut);
      }
    };
    const iterator = events();
    return {
      [Symbol.asyncIterator]: () => iterator,
      unsubscribe: async () => {
        stopped = true;
        this.wakeAll();
      },
    };
  }

  async dispose(): Promise<void> {
    this.breakSubscriptions();
  }

  private record(streamName: string, events: EventData[]): Recorded {
    const base = this.log.filter((r) => r.streamId === streamName).length;
    for (const [i, e] of events.entries()) {
      // commit positions far from revisions, and not consecutive, as a real log's are
      this.log.push({ streamId: streamName, revision: BigInt(base + i), commit: BigInt(1000 + 137 * this.log.length), id: e.id, type: e.type, data: e.data, metadata: e.metadata });
    }
    this.wakeAll();
    return this.log[this.log.length - 1];
  }

  private wakeAll(): void {
    const wake = this.wake;
    this.changed = new Promise<void>((resolve) => (this.wake = resolve));
    wake();
  }

  private fault(call: Call): void {
    const error = this.takeFault(call);
    if (error) throw error;
  }

  private takeFault(call: Call): Error | undefined {
    return this.faults.get(call)?.shift();
  }
}

const commitOf = (position: ReadPosition): bigint => (position === START ? 0n : position === END ? BigInt(Number.MAX_SAFE_INTEGER) : position.commit);

const resolved = (r: Recorded): ResolvedEvent => ({
  event: {
    streamId: r.streamId,
    id: r.id,
    revision: r.revision,
    type: r.type,
    data: r.data as JSONEventType['data'],
    metadata: r.metadata as JSONEventType['metadata'],
    isJson: true,
    created: new Date(0),
    position: { commit: r.commit, prepare: r.commit },
  } as NonNullable<ResolvedEvent['event']>,
  commitPosition: r.commit,
});

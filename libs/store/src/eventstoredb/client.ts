import type { AllStreamResolvedEvent, AppendExpectedRevision, AppendResult, Direction, EventData, Filter, ReadPosition, ReadRevision, ResolvedEvent } from '@eventstore/db-client';

/** A catch-up subscription to $all: events in order; it ends, or fails, by itself when the connection does. */
export interface EsdbSubscription extends AsyncIterable<AllStreamResolvedEvent> {
  unsubscribe(): Promise<void>;
}

/**
 * The calls of `@eventstore/db-client`'s EventStoreDBClient the adapter makes, and nothing more: the
 * real client fits it, and a test double can stand in for it (libs/store/test/support/esdb-double.ts).
 */
export interface EsdbClient {
  appendToStream(streamName: string, events: EventData | EventData[], options: { expectedRevision: AppendExpectedRevision }): Promise<AppendResult>;
  readStream(streamName: string, options: { fromRevision: ReadRevision; direction?: Direction; maxCount?: number }): AsyncIterable<ResolvedEvent>;
  readAll(options: { fromPosition: ReadPosition; direction: Direction; maxCount: number }): AsyncIterable<AllStreamResolvedEvent>;
  subscribeToAll(options: { fromPosition: ReadPosition; filter: Filter }): EsdbSubscription;
  dispose(): Promise<void>;
}

import { getPostgreSQLEventStore, PostgresEventStore as EmmettStore } from '@event-driven-io/emmett-postgresql';
import { PostgresEventStore } from '@matchlog/store';
import { BenchEvent, playAllMatches, streamIds } from './store-workload';

/**
 * Emmett's PostgreSQL event store (@event-driven-io/emmett-postgresql), the peer of bench:store. Per
 * append: one transaction on its pool (pg's default, 10 connections) calling its `emt_append_to_stream`
 * function: the stream row's position is checked and moved (the expected version), the events inserted
 * as jsonb with one UNNEST, no check that an event id is new. Ours: a group of appends per
 * transaction, the head row locked, each append's revision and event ids checked, data stored as text.
 * Both on the same server, fsync and synchronous commits on.
 */
const emmettEvent = (e: BenchEvent) => ({ type: e.type, data: e.data as Record<string, unknown>, metadata: { ...(e.meta as object), messageId: e.id } });

/**
 * Emmett's pool (dumbo's) can keep an idle connection past its store's close(); the fresh database's
 * DROP … WITH FORCE then ends it (57P01), which that pool, with no error listener, throws. Only that is ignored.
 */
process.on('uncaughtException', (error: Error & { code?: string }) => {
  if (error.code === '57P01') return;
  console.error(error);
  process.exit(1);
});

const openEmmett = async (url: string): Promise<EmmettStore> => {
  const store = getPostgreSQLEventStore(url);
  // its schema is made on first use: made here, before the timing starts, as ours is made by open()
  await store.schema.migrate();
  return store;
};

/** Emmett's store, the workload's appends each with its expected stream version: the wall time in ms. */
export const emmettOnPostgres = async (url: string): Promise<number> => {
  const store = await openEmmett(url);
  try {
    return await playAllMatches(async (streamId, expected, events) => {
      const result = await store.appendToStream(streamId, events.map(emmettEvent), { expectedStreamVersion: BigInt(expected) });
      if (result.nextExpectedStreamVersion !== BigInt(expected + events.length)) throw new Error(`Emmett appended to ${streamId} at a wrong version`);
    });
  } finally {
    await store.close();
  }
};

/** Whole-stream reads: every match read whole, all in flight together, READ_ROUNDS times. */
export const READ_ROUNDS = 2;
export const READS = READ_ROUNDS * streamIds.length;

const readRounds = async (read: (streamId: string) => Promise<number>, expectedEvents: number): Promise<number> => {
  const start = process.hrtime.bigint();
  for (let r = 0; r < READ_ROUNDS; r++) {
    const counts = await Promise.all(streamIds.map(read));
    if (counts.some((n) => n !== expectedEvents)) throw new Error(`a stream read ${counts.find((n) => n !== expectedEvents)} events, not ${expectedEvents}`);
  }
  return Number(process.hrtime.bigint() - start) / 1e6;
};

/** A store filled with the workload, and a timed run of whole-stream reads on it. */
export interface FilledStore {
  reads(): Promise<number>;
  close(): Promise<void>;
}

export const oursFilled = async (url: string, eventsPerStream: number): Promise<FilledStore> => {
  const store = await PostgresEventStore.open(url);
  await playAllMatches((streamId, expected, events) => store.append(streamId, expected, events));
  return { reads: () => readRounds(async (id) => (await store.readStream(id)).length, eventsPerStream), close: () => store.close() };
};

export const emmettFilled = async (url: string, eventsPerStream: number): Promise<FilledStore> => {
  const store = await openEmmett(url);
  await playAllMatches((streamId, expected, events) => store.appendToStream(streamId, events.map(emmettEvent), { expectedStreamVersion: BigInt(expected) }));
  return { reads: () => readRounds(async (id) => (await store.readStream(id)).events.length, eventsPerStream), close: () => store.close() };
};

import { AppendResult, EventStore, EventToAppend } from './event-store';
import { AppendTooLarge } from './storage-errors';

/** What an event weighs against the store's append limit; the half-limit budget leaves room for the envelope. */
const weightOf = (event: EventToAppend): number => Buffer.byteLength(JSON.stringify(event));

const chunksUnder = (events: readonly EventToAppend[], budget: number): EventToAppend[][] => {
  const chunks: EventToAppend[][] = [[]];
  let weight = 0;
  for (const event of events) {
    const w = weightOf(event);
    if (chunks[chunks.length - 1].length > 0 && weight + w > budget) {
      chunks.push([]);
      weight = 0;
    }
    chunks[chunks.length - 1].push(event);
    weight += w;
  }
  // the estimate was too kind: halves, so each try is smaller than the last
  if (chunks.length === 1) return [events.slice(0, events.length >> 1), events.slice(events.length >> 1)];
  return chunks;
};

/**
 * Appends `events` after revision `expected` in one append if the store takes it, else (AppendTooLarge,
 * EventStoreDB's --max-append-size) in chunks under its limit, each appended at the revision the
 * previous one returned. Each chunk is all or nothing; the whole is not: a failure between chunks
 * leaves the first chunks in the stream, and calling this again with the same events completes it,
 * since every chunk already there is an idempotent retry at its own place (the same ids, the same
 * revision), answered with its first result and written again nowhere.
 */
export const appendInChunks = async (store: EventStore, streamId: string, expected: number, events: readonly EventToAppend[]): Promise<AppendResult> => {
  try {
    return await store.append(streamId, expected, events);
  } catch (error) {
    if (!(error instanceof AppendTooLarge) || events.length === 1) throw error;
    let result: AppendResult | undefined;
    for (const chunk of chunksUnder(events, error.maxBytes / 2)) {
      result = await appendInChunks(store, streamId, result?.revision ?? expected, chunk);
    }
    return result!;
  }
};

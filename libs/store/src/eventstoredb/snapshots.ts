import { StreamNotFoundError, jsonEvent, type EventData, type ResolvedEvent } from '@eventstore/db-client';
import { randomUUID } from 'node:crypto';

/**
 * Stored snapshots on EventStoreDB, which has no side table: each key's in a stream of its own outside
 * STREAM_PREFIX (as the store's identity is), so the subscription's server-side filter never sends
 * them and readAll skips them. A snapshot is split into parts, each appended alone, so that none comes
 * near the server's 1 MiB append limit: CHUNK characters are at most 6 bytes each in JSON (\uXXXX).
 */
export const SNAPSHOT_STREAM_PREFIX = 'matchlog@snapshot-';
export const CHUNK = 128 * 1024;
const TYPE = 'SnapshotPart';

interface Part {
  /** one id for the parts of one snapshot */
  readonly set: string;
  readonly part: number;
  readonly of: number;
  readonly text: string;
}

export const snapshotStreamOf = (key: string): string => SNAPSHOT_STREAM_PREFIX + key;

/** The snapshot's JSON as parts, each an event to append by itself, in order. */
export const snapshotParts = (data: unknown): EventData[] => {
  const text = JSON.stringify(data);
  const set = randomUUID();
  const of = Math.max(1, Math.ceil(text.length / CHUNK));
  return Array.from({ length: of }, (_, part) => jsonEvent({ type: TYPE, data: { set, part, of, text: text.slice(part * CHUNK, (part + 1) * CHUNK) } satisfies Part }));
};

/** The latest whole snapshot, from the stream's last events (`read` reads them backwards): its last part is the stream's end; a write cut short leaves none. */
export const latestSnapshot = async (read: (maxCount: number) => AsyncIterable<ResolvedEvent>): Promise<unknown> => {
  try {
    const [last] = await partsOf(read(1));
    if (last === undefined || last.part !== last.of - 1) return undefined;
    const parts = (await partsOf(read(last.of))).reverse();
    const whole = parts.length === last.of && parts.every((p, i) => p.set === last.set && p.part === i);
    return whole ? JSON.parse(parts.map((p) => p.text).join('')) : undefined;
  } catch (error) {
    if (error instanceof StreamNotFoundError) return undefined;
    throw error;
  }
};

const partsOf = async (events: AsyncIterable<ResolvedEvent>): Promise<Part[]> => {
  const parts: Part[] = [];
  for await (const resolved of events) if (resolved.event) parts.push(resolved.event.data as unknown as Part);
  return parts;
};

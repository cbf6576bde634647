import { DEFAULT_BODY_LIMIT_BYTES, MAX_EVENTS_PER_APPEND } from '../append-limits';
import { fnv1a64 } from './line-hash';

/** An event as a journal line and POST /matches/:id/events carry it. */
export interface JournalEvent {
  readonly id?: string;
  readonly type: string;
  readonly data: unknown;
}

/** A batch line: the body of POST /matches/:id/events. */
export interface JournalBatch {
  readonly line: number;
  readonly expectedRevision: number;
  readonly events: readonly (JournalEvent & { readonly id: string })[];
  /** the line's identity: a hash of the match and the line as written; acknowledgements and refusals name it */
  readonly hash: string;
}

/** What settled a batch line: the server's acknowledgement, or a refusal (the server's, or the journal's own). */
export type JournalSettled = { readonly ack: number; readonly revision: number } | { readonly rejected: string; readonly code: string };

export interface JournalRead {
  /** the match the journal records, from its `{ "match": … }` line; undefined until one is written */
  readonly match: string | undefined;
  /** every batch line, in order, each event with its id (one is derived from the line where the line gives none) */
  readonly batches: readonly JournalBatch[];
  /** what settled each batch line that is settled, by the batch's line number: each acknowledgement or refusal settles one batch line */
  readonly settled: ReadonlyMap<number, JournalSettled>;
  /** the revision each acknowledged batch brought the match to, by its first event's id (for reading; pendingBatches decides by `settled`) */
  readonly acks: ReadonlyMap<string, number>;
  /** acknowledgements written without an id (by hand, or by another tool): by expectedRevision */
  readonly acksByRevision: ReadonlyMap<number, number>;
  /** first event ids of the batches refused (by the server when they were recorded, or by the journal: over the server's limits) */
  readonly rejected: ReadonlySet<string>;
}

/** The server's limits on one append, which the journal checks before sending a batch. */
export interface AppendLimits {
  /** events in one batch: MAX_EVENTS_PER_APPEND unless told */
  readonly maxEvents: number;
  /** bytes of one batch's body: the API's default MATCHLOG_BODY_LIMIT unless told (a server may be set to more, or less) */
  readonly maxBodyBytes: number;
}

export const DEFAULT_APPEND_LIMITS: AppendLimits = { maxEvents: MAX_EVENTS_PER_APPEND, maxBodyBytes: DEFAULT_BODY_LIMIT_BYTES };

export class JournalFormatError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`journal line ${line}: ${message}`);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isRevision = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

interface Parsed {
  readonly line: number;
  readonly raw: string;
  readonly value: unknown;
}

/** Every non-blank line as JSON; a line that is not JSON (the last one too: the store keeps no remnant of its own) names itself. */
const parsedLines = (text: string): Parsed[] =>
  text.split('\n').flatMap((raw, index) => {
    if (raw.trim() === '') return [];
    try {
      return [{ line: index + 1, raw, value: JSON.parse(raw) as unknown }];
    } catch {
      throw new JournalFormatError(index + 1, 'is not JSON: each line is one batch, one acknowledgement, one refusal or the match line; fix or remove it by hand');
    }
  });

const matchOf = (lines: readonly Parsed[]): string | undefined => {
  let match: string | undefined;
  for (const { line, value } of lines) {
    if (!isObject(value) || !('match' in value)) continue;
    if (typeof value.match !== 'string' || (match !== undefined && match !== value.match))
      throw new JournalFormatError(line, 'names another match than an earlier line: one journal per match');
    match = value.match;
  }
  return match;
};

/**
 * Reads a journal's JSON Lines: batch lines `{ expectedRevision, events }`, acknowledgements
 * `{ ack, revision, id?, hash? }`, refusals `{ rejected, code, hash? }` and the match line `{ match }`.
 * Blank lines are skipped; anything else is a JournalFormatError naming its line.
 *
 * Each acknowledgement or refusal settles one batch line before it: the first one not yet settled that it
 * names, by `hash` (the line's identity) when it has one, else by `id` (its first event), else by `ack`
 * (its expectedRevision). Two lines that share ids, or a revision, are settled each by its own line.
 *
 * Ids derived for events a hand-written line gives none, and the lines' hashes, are seeded with the journal's
 * match line, or else with `matchId`. Each line is hashed once, whatever its length.
 */
export const readJournal = (text: string, matchId?: string): JournalRead => {
  const lines = parsedLines(text);
  const seed = matchOf(lines) ?? matchId ?? '';
  let match: string | undefined;
  const batches: JournalBatch[] = [];
  const settled = new Map<number, JournalSettled>();
  const acks = new Map<string, number>();
  const acksByRevision = new Map<number, number>();
  const rejected = new Set<string>();
  // the batch lines not yet settled, in order, by what an acknowledgement or refusal may name them by (settled ones are skipped when met)
  const byHash = new Map<string, JournalBatch[]>();
  const byId = new Map<string, JournalBatch[]>();
  const byRevision = new Map<number, JournalBatch[]>();
  const enqueue = <K>(queues: Map<K, JournalBatch[]>, key: K, batch: JournalBatch): void => void (queues.get(key)?.push(batch) ?? queues.set(key, [batch]));
  const firstUnsettled = (queue: JournalBatch[] | undefined): JournalBatch | undefined => {
    while (queue !== undefined && queue.length > 0) {
      const batch = queue.shift() as JournalBatch;
      if (!settled.has(batch.line)) return batch;
    }
    return undefined;
  };
  const settle = (line: number, by: { hash?: unknown; id?: unknown; revision?: number }, as: JournalSettled): void => {
    const batch = firstUnsettled(typeof by.hash === 'string' ? byHash.get(by.hash) : typeof by.id === 'string' ? byId.get(by.id) : byRevision.get(by.revision as number));
    if (batch === undefined) throw new JournalFormatError(line, 'names no batch line before it that is still unsettled: an acknowledgement or refusal follows its batch line');
    settled.set(batch.line, as);
  };
  for (const { line, raw, value } of lines) {
    if (isObject(value) && 'match' in value) {
      match ??= value.match as string;
      continue;
    }
    if (isObject(value) && 'rejected' in value) {
      if (typeof value.rejected !== 'string' || (value.code !== undefined && typeof value.code !== 'string'))
        throw new JournalFormatError(line, 'a refusal is { "rejected": <first event id>, "code": <code>, "hash": <its line> }');
      const code = (value.code as string | undefined) ?? 'REFUSED';
      settle(line, { hash: value.hash, id: value.rejected }, { rejected: value.rejected, code });
      rejected.add(value.rejected);
      continue;
    }
    if (isObject(value) && 'ack' in value) {
      if (!isRevision(value.ack) || !isRevision(value.revision))
        throw new JournalFormatError(line, 'an acknowledgement is { "ack": <expectedRevision>, "revision": <revision>, "id": <first event id>, "hash": <its line> }');
      settle(line, { hash: value.hash, id: value.id, revision: value.ack }, { ack: value.ack, revision: value.revision });
      if (typeof value.id === 'string') acks.set(value.id, value.revision);
      else acksByRevision.set(value.ack, value.revision);
      continue;
    }
    if (!isObject(value) || !isRevision(value.expectedRevision) || !Array.isArray(value.events) || value.events.length === 0) {
      throw new JournalFormatError(line, 'a batch is { "expectedRevision": <n>, "events": [ { "id"?, "type", "data" }, … ] }');
    }
    const hash = fnv1a64(`${seed}\n${raw}`);
    const events = value.events.map((event: unknown, i: number) => {
      if (!isObject(event) || typeof event.type !== 'string' || !('data' in event)) throw new JournalFormatError(line, `events[${i}] needs "type" and "data"`);
      if (event.id !== undefined && typeof event.id !== 'string') throw new JournalFormatError(line, `events[${i}].id must be a string`);
      return { ...(event as unknown as JournalEvent), id: event.id ?? derivedId(hash, i) };
    });
    const batch = { line, expectedRevision: value.expectedRevision, events, hash };
    batches.push(batch);
    enqueue(byHash, hash, batch);
    enqueue(byId, events[0].id, batch);
    enqueue(byRevision, batch.expectedRevision, batch);
  }
  return { match, batches, settled, acks, acksByRevision, rejected };
};

/** The batches neither acknowledged nor refused, in the journal's order. */
export const pendingBatches = ({ batches, settled }: Pick<JournalRead, 'batches' | 'settled'>): JournalBatch[] => batches.filter((batch) => !settled.has(batch.line));

/** The batch lines refused (by the server, or by the journal itself), with the refusal's code, in the journal's order: none of them is on the server. */
export const refusedBatches = ({ batches, settled }: Pick<JournalRead, 'batches' | 'settled'>): { batch: JournalBatch; code: string }[] =>
  batches.flatMap((batch) => {
    const by = settled.get(batch.line);
    return by !== undefined && 'rejected' in by ? [{ batch, code: by.code }] : [];
  });

/** Why a batch can not be sent as it is: over the server's limits (a code and what to do), or undefined. */
export const overLimits = (
  batch: Pick<JournalBatch, 'expectedRevision' | 'events'>,
  limits: AppendLimits = DEFAULT_APPEND_LIMITS,
): { code: 'BATCH_TOO_MANY_EVENTS' | 'BATCH_TOO_LARGE'; message: string } | undefined => {
  if (batch.events.length > limits.maxEvents)
    return {
      code: 'BATCH_TOO_MANY_EVENTS',
      message: `${batch.events.length} events, and one append carries at most ${limits.maxEvents}: split it into batches of at most ${limits.maxEvents}, each expecting the revision the one before it brings`,
    };
  const bytes = new TextEncoder().encode(JSON.stringify({ expectedRevision: batch.expectedRevision, events: batch.events })).length;
  if (bytes > limits.maxBodyBytes)
    return { code: 'BATCH_TOO_LARGE', message: `${bytes} bytes as a request body, and the server takes at most ${limits.maxBodyBytes}: split it into smaller batches` };
  return undefined;
};

export const matchLine = (matchId: string): string => JSON.stringify({ match: matchId });
export const batchLine = (expectedRevision: number, events: readonly JournalEvent[]): string => JSON.stringify({ expectedRevision, events });
export const ackLine = (batch: Pick<JournalBatch, 'expectedRevision' | 'events'> & { readonly hash?: string }, revision: number): string =>
  JSON.stringify({ ack: batch.expectedRevision, revision, id: batch.events[0].id, ...(batch.hash !== undefined && { hash: batch.hash }) });
export const rejectedLine = (batch: Pick<JournalBatch, 'events'> & { readonly hash?: string }, code: string): string =>
  JSON.stringify({ rejected: batch.events[0].id, code, ...(batch.hash !== undefined && { hash: batch.hash }) });

/**
 * An id for an event a hand-written line gives none: the same for the same match and line every time
 * it is read, so pushing the journal twice sends the same ids and the server records the batch once.
 */
const derivedId = (lineHash: string, index: number): string => `j-${lineHash}-${index}`;

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
}

export interface JournalRead {
  /** the match the journal records, from its `{ "match": … }` line; undefined until one is written */
  readonly match: string | undefined;
  /** every batch line, in order, each event with its id (one is derived from the line where the line gives none) */
  readonly batches: readonly JournalBatch[];
  /** the revision each acknowledged batch brought the match to, by its first event's id */
  readonly acks: ReadonlyMap<string, number>;
  /** acknowledgements written without an id (by hand, or by another tool): by expectedRevision */
  readonly acksByRevision: ReadonlyMap<number, number>;
  /** batches the server refused when they were recorded (a conflict, an event refused), by first event id */
  readonly rejected: ReadonlySet<string>;
}

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

/**
 * Reads a journal's JSON Lines: batch lines `{ expectedRevision, events }`, acknowledgements
 * `{ ack, revision, id? }`, refusals `{ rejected, code }` and the match line `{ match }`. Blank lines are
 * skipped, and so is an unfinished last line (a crash while it was written: it was never sent, since a line
 * is on disk before its batch is sent); anything else is a JournalFormatError naming its line.
 * `matchId` seeds the ids derived for events a hand-written line gives none.
 */
export const readJournal = (text: string, matchId = ''): JournalRead => {
  const batches: JournalBatch[] = [];
  const acks = new Map<string, number>();
  const acksByRevision = new Map<number, number>();
  const rejected = new Set<string>();
  let match: string | undefined;
  const lines = text.split('\n');
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      if (index === lines.length - 1) return;
      throw new JournalFormatError(line, 'is not JSON: each line is one batch, one acknowledgement or the match line');
    }
    if (isObject(value) && 'match' in value) {
      if (typeof value.match !== 'string' || (match !== undefined && match !== value.match))
        throw new JournalFormatError(line, 'names another match than an earlier line: one journal per match');
      match = value.match;
      return;
    }
    if (isObject(value) && 'rejected' in value) {
      if (typeof value.rejected !== 'string') throw new JournalFormatError(line, 'a refusal is { "rejected": <first event id>, "code": <code> }');
      rejected.add(value.rejected);
      return;
    }
    if (isObject(value) && 'ack' in value) {
      if (!isRevision(value.ack) || !isRevision(value.revision))
        throw new JournalFormatError(line, 'an acknowledgement is { "ack": <expectedRevision>, "revision": <revision>, "id": <first event id> }');
      if (typeof value.id === 'string') acks.set(value.id, value.revision);
      else acksByRevision.set(value.ack, value.revision);
      return;
    }
    if (!isObject(value) || !isRevision(value.expectedRevision) || !Array.isArray(value.events) || value.events.length === 0) {
      throw new JournalFormatError(line, 'a batch is { "expectedRevision": <n>, "events": [ { "id"?, "type", "data" }, … ] }');
    }
    const events = value.events.map((event: unknown, i: number) => {
      if (!isObject(event) || typeof event.type !== 'string' || !('data' in event)) throw new JournalFormatError(line, `events[${i}] needs "type" and "data"`);
      if (event.id !== undefined && typeof event.id !== 'string') throw new JournalFormatError(line, `events[${i}].id must be a string`);
      return { ...(event as unknown as JournalEvent), id: event.id ?? derivedId(matchId, raw, i) };
    });
    batches.push({ line, expectedRevision: value.expectedRevision, events });
  });
  return { match, batches, acks, acksByRevision, rejected };
};

/** The batches neither acknowledged nor refused, in the journal's order. */
export const pendingBatches = ({ batches, acks, acksByRevision, rejected }: JournalRead): JournalBatch[] =>
  batches.filter((batch) => !acks.has(batch.events[0].id) && !rejected.has(batch.events[0].id) && !acksByRevision.has(batch.expectedRevision));

export const matchLine = (matchId: string): string => JSON.stringify({ match: matchId });
export const batchLine = (expectedRevision: number, events: readonly JournalEvent[]): string => JSON.stringify({ expectedRevision, events });
export const ackLine = (batch: Pick<JournalBatch, 'expectedRevision' | 'events'>, revision: number): string =>
  JSON.stringify({ ack: batch.expectedRevision, revision, id: batch.events[0].id });
export const rejectedLine = (batch: Pick<JournalBatch, 'events'>, code: string): string => JSON.stringify({ rejected: batch.events[0].id, code });

/**
 * An id for an event a hand-written line gives none: the same for the same match and line every time
 * it is read, so pushing the journal twice sends the same ids and the server records the batch once.
 */
const derivedId = (matchId: string, line: string, index: number): string => `j-${fnv1a(`${matchId}\n${line}`)}-${index}`;

const fnv1a = (text: string): string => {
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) {
    hash ^= BigInt(text.charCodeAt(i));
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0');
};

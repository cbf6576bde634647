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
  /** every batch line, in order, each event with its id (one is derived from the line where the line gives none) */
  readonly batches: readonly JournalBatch[];
  /** the revision each acknowledged batch (by its expectedRevision) brought the match to */
  readonly acks: ReadonlyMap<number, number>;
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
 * Reads a journal's JSON Lines: batch lines `{ expectedRevision, events }` and acknowledgements
 * `{ ack, revision }`. Blank lines are skipped; anything else is a JournalFormatError naming its line.
 */
export const readJournal = (text: string): JournalRead => {
  const batches: JournalBatch[] = [];
  const acks = new Map<number, number>();
  text.split('\n').forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      throw new JournalFormatError(line, 'is not JSON: each line is one batch or one acknowledgement');
    }
    if (isObject(value) && 'ack' in value) {
      if (!isRevision(value.ack) || !isRevision(value.revision)) throw new JournalFormatError(line, 'an acknowledgement is { "ack": <expectedRevision>, "revision": <revision> }');
      acks.set(value.ack, value.revision);
      return;
    }
    if (!isObject(value) || !isRevision(value.expectedRevision) || !Array.isArray(value.events) || value.events.length === 0) {
      throw new JournalFormatError(line, 'a batch is { "expectedRevision": <n>, "events": [ { "id"?, "type", "data" }, … ] }');
    }
    const events = value.events.map((event: unknown, i: number) => {
      if (!isObject(event) || typeof event.type !== 'string' || !('data' in event)) throw new JournalFormatError(line, `events[${i}] needs "type" and "data"`);
      if (event.id !== undefined && typeof event.id !== 'string') throw new JournalFormatError(line, `events[${i}].id must be a string`);
      return { ...(event as unknown as JournalEvent), id: event.id ?? derivedId(raw, i) };
    });
    batches.push({ line, expectedRevision: value.expectedRevision, events });
  });
  return { batches, acks };
};

/** The batches not yet acknowledged, in the journal's order. */
export const pendingBatches = ({ batches, acks }: JournalRead): JournalBatch[] => batches.filter((batch) => !acks.has(batch.expectedRevision));

export const batchLine = (expectedRevision: number, events: readonly JournalEvent[]): string => JSON.stringify({ expectedRevision, events });
export const ackLine = (expectedRevision: number, revision: number): string => JSON.stringify({ ack: expectedRevision, revision });

/**
 * An id for an event a hand-written line gives none: the same for the same line every time it is
 * read, so pushing the journal twice sends the same ids and the server records the batch once.
 */
const derivedId = (line: string, index: number): string => `j-${fnv1a(line)}-${index}`;

const fnv1a = (text: string): string => {
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) {
    hash ^= BigInt(text.charCodeAt(i));
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0');
};

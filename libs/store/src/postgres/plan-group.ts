import { AppendResult, DuplicateEventId, EventToAppend, ExpectedRevision, RevisionConflict } from '../event-store';
import { earlierAppend } from '../retry-rule';

/** An event as written: its data and meta as JSON text, compared as text when a retry comes. */
export interface Serialised {
  readonly id: string;
  readonly type: string;
  readonly data: string;
  readonly meta: string | null;
}

/** PostgreSQL's text cannot hold NUL: refused before the append joins a group, so it cannot fail the others. */
export const refuseNul = (streamId: string, events: readonly EventToAppend[]): void => {
  for (const text of [streamId, ...events.flatMap((e) => [e.id, e.type])]) {
    if (text.includes('\u0000')) throw new TypeError(`stream ids, event ids and types cannot hold the NUL character: ${JSON.stringify(text)}`);
  }
};

export const serialise = (e: EventToAppend): Serialised => ({
  id: e.id,
  type: e.type,
  data: JSON.stringify(e.data),
  meta: e.meta === undefined ? null : JSON.stringify(e.meta),
});

export interface AppendRequest {
  readonly streamId: string;
  readonly expected: ExpectedRevision;
  readonly events: readonly Serialised[];
}

/** An event already in the store (or earlier in the group): what a retry is compared with. */
export interface KnownEvent {
  readonly streamId: string;
  readonly revision: number;
  readonly position: number;
  readonly type: string;
  readonly data: string;
}

/** Where `known` keeps an event: ids are unique per stream (and neither holds a NUL: refuseNul). */
export const knownKey = (streamId: string, eventId: string): string => `${streamId}\u0000${eventId}`;

export interface EventRow extends KnownEvent {
  readonly id: string;
  readonly meta: string | null;
}

export type Outcome = { readonly result: AppendResult } | { readonly error: unknown };

export interface GroupPlan {
  /** one per request, in order */
  readonly outcomes: Outcome[];
  readonly rows: EventRow[];
  /** the new revision of every stream the group appends to */
  readonly streams: Map<string, number>;
  readonly lastPosition: number;
}

/**
 * Decides a group of appends, in order, as if each ran alone after the ones before it: the same
 * checks and answers as SQLite's. `revisions` holds the current revision of the group's streams
 * (absent: 0), `known` every event already stored in one of its streams under one of its ids (by
 * `knownKey`); both are read under
 * the writers' lock, so nothing changes them meanwhile. A refused append adds no row.
 */
export const planGroup = (requests: readonly AppendRequest[], revisions: Map<string, number>, known: Map<string, KnownEvent>, lastPosition: number): GroupPlan => {
  const rows: EventRow[] = [];
  const streams = new Map<string, number>();
  let position = lastPosition;
  const outcomes = requests.map((request): Outcome => {
    const { streamId, expected, events } = request;
    const current = revisions.get(streamId) ?? 0;
    if (expected !== 'any' && expected !== current) return earlierAppendOf(request, known) ?? { error: new RevisionConflict(streamId, expected, current) };
    const taken = events.find((e) => known.has(knownKey(streamId, e.id)));
    if (taken !== undefined) return earlierAppendOf(request, known) ?? { error: new DuplicateEventId(taken.id) };
    events.forEach((e, i) => {
      const row: EventRow = { position: ++position, streamId, revision: current + i + 1, id: e.id, type: e.type, data: e.data, meta: e.meta };
      rows.push(row);
      known.set(knownKey(streamId, e.id), row);
    });
    const revision = current + events.length;
    revisions.set(streamId, revision);
    streams.set(streamId, revision);
    return { result: { revision, position } };
  });
  return { outcomes, rows, streams, lastPosition: position };
};

/** The retry rule (retry-rule.ts) over the events the group's reads found under the request's ids. */
const earlierAppendOf = ({ streamId, events }: AppendRequest, known: Map<string, KnownEvent>): Outcome | undefined =>
  earlierAppend(
    streamId,
    events,
    events.map((e) => known.get(knownKey(streamId, e.id))),
  );

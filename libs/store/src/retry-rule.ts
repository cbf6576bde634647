import { AppendResult, DuplicateEventId } from './event-store';

/** An event of the batch, as serialised for the store: its data compared as text. */
export interface RetriedEvent {
  readonly id: string;
  readonly type: string;
  readonly data: string;
}

/** An event the store holds under one of the batch's ids. */
export interface HeldEvent {
  readonly streamId: string;
  readonly revision: number;
  readonly position: number;
  readonly type: string;
  readonly data: string;
}

/**
 * The retry rule every SQL adapter follows, for a batch refused by its revision or its ids. `found[i]`:
 * what the store holds under `events[i].id`. The first result if the batch was appended before, as it
 * is, in this stream; else DuplicateEventId. Undefined when none of its ids are held.
 */
export const earlierAppend = (
  streamId: string,
  events: readonly RetriedEvent[],
  found: readonly (HeldEvent | undefined)[],
): { result: AppendResult } | { error: DuplicateEventId } | undefined => {
  const firstTaken = found.findIndex((row) => row !== undefined);
  if (firstTaken < 0) return undefined;
  const sameAs = (row: HeldEvent | undefined, e: RetriedEvent) => row !== undefined && row.streamId === streamId && row.type === e.type && row.data === e.data;
  if (found.every((row, i) => sameAs(row, events[i]) && row!.revision === found[0]!.revision + i)) {
    const last = found[found.length - 1]!;
    return { result: { revision: last.revision, position: last.position } };
  }
  const culprit = found.findIndex((row, i) => row !== undefined && !sameAs(row, events[i]));
  return { error: new DuplicateEventId(events[culprit >= 0 ? culprit : firstTaken].id) };
};

import { DuplicateEventId, EventToAppend, ExpectedRevision } from './event-store';

/** Refuses an append no adapter could write: the same checks, and the same errors, everywhere. */
export const checkAppend = (streamId: string, expected: ExpectedRevision, events: readonly EventToAppend[]): void => {
  if (typeof streamId !== 'string' || streamId === '') throw new TypeError('streamId must be a non-empty string');
  if (expected !== 'any' && !(Number.isSafeInteger(expected) && expected >= 0)) {
    throw new TypeError(`expected revision must be 'any' or an integer >= 0, not ${String(expected)}`);
  }
  if (!Array.isArray(events) || events.length === 0) throw new TypeError('an append needs at least one event');
  const ids = new Set<string>();
  for (const event of events) {
    if (typeof event.id !== 'string' || event.id === '') throw new TypeError('every event needs a non-empty string id');
    if (typeof event.type !== 'string' || event.type === '') throw new TypeError(`event ${event.id} needs a non-empty string type`);
    if (event.data === undefined) throw new TypeError(`event ${event.id} has no data`);
    if (ids.has(event.id)) throw new DuplicateEventId(event.id);
    ids.add(event.id);
  }
};

import { StoredEvent } from './event-store';

/** A row of `events` joined to its stream, as the SQL stores read it (SQLite's numbers as numbers, PostgreSQL's bigints as strings). */
export interface EventRow<N extends number | string = number | string> {
  readonly position: N;
  readonly stream_id: string;
  readonly revision: N;
  readonly event_id: string;
  readonly type: string;
  readonly data: string;
  readonly meta: string | null;
}

/** A row as the port's StoredEvent: JSON parsed, numbers as numbers, no meta key when there is none. */
export const toStored = (row: EventRow): StoredEvent => {
  const event: { -readonly [K in keyof StoredEvent]: StoredEvent[K] } = {
    streamId: row.stream_id,
    revision: Number(row.revision),
    position: Number(row.position),
    id: row.event_id,
    type: row.type,
    data: JSON.parse(row.data),
  };
  if (row.meta !== null) event.meta = JSON.parse(row.meta);
  return event;
};

import { StoredEvent } from '../event-store';

export const COLUMNS = 'position, stream_id, revision, event_id, type, data, meta';

/** A row of `events` as `pg` gives it: bigints as strings. */
export interface StoredRow {
  position: string;
  stream_id: string;
  revision: string;
  event_id: string;
  type: string;
  data: string;
  meta: string | null;
}

export const toStored = (row: StoredRow): StoredEvent => {
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

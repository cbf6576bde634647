export const COLUMNS = 'position, stream_id, revision, event_id, type, data, meta';

/**
 * What one POST /matches/:id/events may carry. The API's append schema and its default MATCHLOG_BODY_LIMIT
 * read these, and the offline journal refuses a batch over them before sending it.
 */
/** The most events one append may carry (more: 400 VALIDATION_FAILED). */
export const MAX_EVENTS_PER_APPEND = 500;
/** The API's largest request body unless MATCHLOG_BODY_LIMIT says otherwise (more: 413 BODY_TOO_LARGE). */
export const DEFAULT_BODY_LIMIT = '1mb';
/** DEFAULT_BODY_LIMIT in bytes. */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

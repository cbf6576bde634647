/** Every answer of the API other than 2xx, with the server's stable `code` (docs/reference/errors.md) and its body. */
export class MatchlogError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 409 REVISION_CONFLICT: the match is not at `expectedRevision`. Nothing was written; the client never rebases on its own. */
export class RevisionConflict extends MatchlogError {
  constructor(
    readonly expectedRevision: number,
    readonly currentRevision: number,
    body: unknown,
    message: string,
  ) {
    super('REVISION_CONFLICT', 409, body, message);
  }
}

/** 422 with a domain code: the domain refused an event of the batch (`rule` cited, `eventIndex` the event). Retrying will not help. */
export class EventRefused extends MatchlogError {
  readonly rule?: string;
  readonly eventIndex?: number;
  constructor(code: string, body: unknown, message: string) {
    super(code, 422, body, message);
    const { rule, eventIndex } = (body ?? {}) as { rule?: unknown; eventIndex?: unknown };
    if (typeof rule === 'string') this.rule = rule;
    if (typeof eventIndex === 'number') this.eventIndex = eventIndex;
  }
}

/**
 * The server could not be reached, or kept answering 503/504, for every attempt: `code` is NETWORK_ERROR, or the
 * last answer's code (STORE_UNAVAILABLE, STORE_TIMEOUT) with its status. An append may or may not have been
 * written: send the same events (same ids) with the same expectedRevision again, it is idempotent.
 */
export class NetworkError extends MatchlogError {
  constructor(code: string, status: number, body: unknown, message: string, options?: { cause?: unknown }) {
    super(code, status, body, message);
    if (options?.cause !== undefined) (this as { cause?: unknown }).cause = options.cause;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The error for a non-2xx answer and its body (the API's Problem, or whatever a proxy in between sent). */
export const errorOf = (status: number, body: unknown, statusText = ''): MatchlogError => {
  const problem = isRecord(body) ? body : {};
  const code = typeof problem.code === 'string' ? problem.code : `HTTP_${status}`;
  const message = typeof problem.message === 'string' ? problem.message : `HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
  if (code === 'REVISION_CONFLICT' && typeof problem.currentRevision === 'number')
    return new RevisionConflict(typeof problem.expectedRevision === 'number' ? problem.expectedRevision : NaN, problem.currentRevision, body, message);
  if (status === 422 && typeof problem.rule === 'string') return new EventRefused(code, body, message);
  return new MatchlogError(code, status, body, message);
};

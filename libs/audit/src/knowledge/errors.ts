/**
 * Bad input to the audit (an unknown audience, a revision outside the match, a malformed delivery):
 * a value with a stable `code` and the `path` of the offending field, for the API to answer with 400.
 */
export class AuditInputError extends Error {
  constructor(
    readonly code: string,
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'AuditInputError';
  }
}

/** Whether `revision` names a revision of a match of `length` events: an integer in 0..length. */
export const isRevision = (revision: unknown, length: number): revision is number =>
  typeof revision === 'number' && Number.isInteger(revision) && revision >= 0 && revision <= length;

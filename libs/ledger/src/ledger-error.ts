/** Why a ledger text or binary was refused: a stable code for the server's error mapping, and a message for people. */
export type LedgerErrorCode =
  | 'INVALID_INPUT'
  | 'MALFORMED_NOTE'
  | 'MALFORMED_KEY'
  | 'UNKNOWN_KEY'
  | 'AMBIGUOUS_KEY'
  | 'INVALID_SIGNATURE'
  | 'UNVERIFIED_NOTE'
  | 'MALFORMED_CHECKPOINT'
  | 'MALFORMED_TILE_PATH'
  | 'MALFORMED_TILE'
  | 'INCONSISTENT_TILE'
  | 'MALFORMED_ENTRY_BUNDLE'
  | 'MALFORMED_WITNESS_REQUEST'
  | 'MALFORMED_PROOF'
  | 'MALFORMED_POLICY'
  | 'PROOF_FAILED'
  | 'QUORUM_NOT_MET';

export class LedgerError extends Error {
  constructor(
    readonly code: LedgerErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'LedgerError';
  }
}

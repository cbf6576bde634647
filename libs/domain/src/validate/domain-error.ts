/** Stable codes: clients and the HTTP layer depend on them, so never rename one. */
export type DomainErrorCode =
  | 'MATCH_NOT_CREATED'
  | 'MATCH_ALREADY_CREATED'
  | 'MATCH_ENDED'
  | 'UNKNOWN_EVENT_TYPE'
  | 'MALFORMED_EVENT'
  | 'UNKNOWN_GAME'
  | 'NO_PLAYERS'
  | 'DUPLICATE_PLAYER'
  | 'RESERVED_PLAYER_ID'
  | 'UNKNOWN_PLAYER'
  | 'UNKNOWN_ZONE'
  | 'UNKNOWN_CARD'
  | 'DUPLICATE_CARD'
  | 'CARD_NOT_IN_ZONE'
  | 'CARD_MOVED_TWICE'
  | 'HAND_BELOW_ZERO'
  | 'CARD_INTO_BAG'
  | 'POSITION_OUT_OF_RANGE'
  | 'SHUFFLE_NOT_A_PERMUTATION'
  | 'NOT_A_TRIGGERED_ABILITY'
  | 'DUPLICATE_TRIGGER'
  | 'UNKNOWN_TRIGGER'
  | 'DUPLICATE_EFFECT'
  | 'UNKNOWN_EFFECT'
  | 'BROADCAST_DELAY_TOO_SHORT'
  | 'UNKNOWN_COUNTER'
  | 'COUNTER_NOT_ALLOWED_HERE'
  | 'COUNTER_BELOW_ZERO'
  | 'TIME_ALREADY_CALLED'
  | 'GAME_BEYOND_BEST_OF'
  | 'MATCH_VOIDED'
  | 'MATCH_ALREADY_VOIDED'
  | 'LIST_NOT_MATCHING_CARDS'
  | 'CARD_ALREADY_NAMED'
  | 'NAME_TAKEN_BACK_WITHOUT_CORRECTION'
  | 'SHUFFLE_OF_UNIDENTIFIED'
  | 'SHUFFLE_ORDER_REQUIRED'
  | 'DUPLICATE_CALL'
  | 'UNKNOWN_CALL'
  | 'CALL_RESOLVED'
  | 'DUPLICATE_RULING'
  | 'DUPLICATE_NOTE'
  | 'REVISION_NOT_REACHED';

export interface DomainError {
  readonly code: DomainErrorCode;
  /** the rule broken, as "<game> <number>" (e.g. "lorcana 7.1.5"), or "matchlog" for the log's own constraints */
  readonly rule: string;
  readonly message: string;
  /** where in the event's data, e.g. "data.moves[1].from" */
  readonly path?: string;
  /** which event of a batch, when validating a batch */
  readonly eventIndex?: number;
}

export type Verdict = { readonly ok: true } | { readonly ok: false; readonly error: DomainError };

export const accepted: Verdict = { ok: true };

export const rejected = (code: DomainErrorCode, rule: string, message: string, path?: string): Verdict => ({
  ok: false,
  error: path === undefined ? { code, rule, message } : { code, rule, message, path },
});

import { DomainErrorCode } from '@matchlog/domain';
import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ref } from './response-schemas';

/** The error codes an operation can answer with, by HTTP status (docs/reference/errors.md). */
export type ErrorCodes = Readonly<Partial<Record<number, readonly string[]>>>;

/**
 * Any operation: a token is checked wherever one is sent (caller.guard.ts; one this instance does not
 * know waits for its log consumer to reach the store's head, TOKENS_BEHIND when it cannot), and a bug is a 500.
 */
const EVERY_OPERATION: ErrorCodes = { 401: ['UNAUTHENTICATED', 'TOKEN_IN_QUERY'], 500: ['INTERNAL_ERROR'], 503: ['TOKENS_BEHIND'] };
/** Operations that read or write the stores. */
export const STORE_ERRORS: ErrorCodes = { 500: ['STORAGE_CORRUPT'], 503: ['STORE_UNAVAILABLE'], 504: ['STORE_TIMEOUT'] };
/** Operations the catalog answers: they wait for it to reach the caller's writes (CatalogFreshness). */
export const CATALOG_ERRORS: ErrorCodes = { 400: ['VALIDATION_FAILED'], 503: ['CATALOG_BEHIND'] };
/** Operations that write events. */
export const WRITE_ERRORS: ErrorCodes = { 409: ['DUPLICATE_EVENT_ID'], 413: ['APPEND_TOO_LARGE'], 507: ['STORAGE_FULL'] };
/** Operations that make a match and then its tokens, in two appends: the store failing between them (TOKENS_NOT_ISSUED). */
export const TOKEN_ISSUING_ERRORS: ErrorCodes = { 503: ['TOKENS_NOT_ISSUED'], 507: ['TOKENS_NOT_ISSUED'] };
/** Operations that take a JSON body. */
export const BODY_ERRORS: ErrorCodes = { 400: ['VALIDATION_FAILED', 'MALFORMED_JSON', 'BODY_TOO_DEEP', 'BAD_REQUEST'], 413: ['BODY_TOO_LARGE'], 415: ['UNSUPPORTED_MEDIA_TYPE'] };
/** Operations that need a token (guards in auth/requires.ts, or assertMayRead). */
export const ROLE_ERRORS: ErrorCodes = { 403: ['FORBIDDEN'] };
/** The domain's codes (422): every DomainErrorCode, which the type below checks. */
export const DOMAIN_CODES = [
  'MATCH_NOT_CREATED',
  'MATCH_ALREADY_CREATED',
  'MATCH_ENDED',
  'UNKNOWN_EVENT_TYPE',
  'MALFORMED_EVENT',
  'UNKNOWN_GAME',
  'NO_PLAYERS',
  'DUPLICATE_PLAYER',
  'RESERVED_PLAYER_ID',
  'UNKNOWN_PLAYER',
  'UNKNOWN_ZONE',
  'UNKNOWN_CARD',
  'DUPLICATE_CARD',
  'CARD_NOT_IN_ZONE',
  'CARD_MOVED_TWICE',
  'HAND_BELOW_ZERO',
  'CARD_INTO_BAG',
  'POSITION_OUT_OF_RANGE',
  'SHUFFLE_NOT_A_PERMUTATION',
  'NOT_A_TRIGGERED_ABILITY',
  'DUPLICATE_TRIGGER',
  'UNKNOWN_TRIGGER',
  'DUPLICATE_EFFECT',
  'UNKNOWN_EFFECT',
  'BROADCAST_DELAY_TOO_SHORT',
  'UNKNOWN_COUNTER',
  'COUNTER_NOT_ALLOWED_HERE',
  'COUNTER_BELOW_ZERO',
  'TIME_ALREADY_CALLED',
  'GAME_BEYOND_BEST_OF',
  'MATCH_VOIDED',
  'MATCH_ALREADY_VOIDED',
  'LIST_NOT_MATCHING_CARDS',
  'CARD_ALREADY_NAMED',
  'NAME_TAKEN_BACK_WITHOUT_CORRECTION',
  'SHUFFLE_OF_UNIDENTIFIED',
  'SHUFFLE_ORDER_REQUIRED',
  'DUPLICATE_CALL',
  'UNKNOWN_CALL',
  'CALL_RESOLVED',
  'DUPLICATE_RULING',
  'DUPLICATE_NOTE',
  'REVISION_NOT_REACHED',
] as const satisfies readonly DomainErrorCode[];
// a DomainErrorCode added to the domain and not listed above fails to compile here
const allDomainCodes: Exclude<DomainErrorCode, (typeof DOMAIN_CODES)[number]> extends never ? true : never = true;
void allDomainCodes;

const merged = (sets: readonly ErrorCodes[]): Map<number, string[]> => {
  const byStatus = new Map<number, string[]>();
  for (const set of sets)
    for (const [status, codes] of Object.entries(set)) byStatus.set(Number(status), [...new Set([...(byStatus.get(Number(status)) ?? []), ...(codes ?? [])])]);
  return byStatus;
};

/**
 * The operation's error responses: per status, a Problem whose `code` is one of those listed, plus
 * the codes every operation can answer with.
 */
export const ApiErrors = (...sets: readonly ErrorCodes[]) =>
  applyDecorators(
    ...[...merged([EVERY_OPERATION, ...sets])]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) =>
        ApiResponse({
          status,
          description: codes.join(', '),
          schema: { allOf: [ref('Problem'), { type: 'object', properties: { code: { type: 'string', enum: codes } } }] },
        }),
      ),
  );

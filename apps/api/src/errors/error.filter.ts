import { AppendTooLarge, DuplicateEventId, RevisionConflict, StorageCorrupt, StorageFull, StoreTimeout, StoreUnavailable } from '@matchlog/store';
import { AuditInputError } from '@matchlog/audit';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TCG_ONLINE_IMPORT_PATH } from '../matches/import-path';
import {
  AudienceNotFound,
  StatsCardNotFound,
  BroadcastDelayed,
  BodyTooDeep,
  CallAlreadyResolved,
  CallNotFound,
  FreeTextNamesHiddenCard,
  CatalogBehind,
  ChainBroken,
  DeckListUnknownCards,
  SetupUnknownCards,
  EventsRejected,
  FieldProblem,
  Forbidden,
  LogRefused,
  LogUnreadable,
  ReceiptWithheld,
  SaltInBody,
  MatchAlreadyExists,
  MatchLogAlreadyImported,
  MatchNotFound,
  LogTileNotFound,
  RoundEntryNotFound,
  RoundNotClosable,
  LogSizeOutOfRange,
  LogEntryNotPublished,
  ReplayAlreadyImported,
  ReplayEntriesAmbiguous,
  ReplaySeriesOutOfOrder,
  ReplaySeriesFull,
  ReplayRefused,
  ReplayTooLarge,
  ReplayOverLimit,
  ReplayConversionFailed,
  ReplayUnreadable,
  RevisionOutOfRange,
  TokensBehind,
  TokensNotIssued,
  Unauthenticated,
  ValidationFailed,
  WitnessFork,
  WitnessKeyUntrusted,
  WitnessLogUnknown,
  WitnessProofInvalid,
  WitnessRequestMalformed,
} from '@matchlog/matches';
import { TokenInQuery, BadUrl, UrlTooLong } from './http-errors';

/**
 * The one body of every 4xx and 5xx answer (docs/reference/errors.md lists the codes): a stable `code`, one
 * human `message` that says what to do, the fields at fault in `details`, and a few documented
 * extras for some codes (e.g. `currentRevision` on REVISION_CONFLICT).
 */
export interface Problem {
  statusCode: number;
  code: string;
  message: string;
  details?: FieldProblem[];
  [extra: string]: unknown;
}

type ErrorClass<E> = new (...args: never[]) => E;
interface Mapping {
  readonly type: ErrorClass<unknown>;
  readonly problem: (error: never) => Problem;
}
const maps = <E>(type: ErrorClass<E>, problem: (error: E) => Problem): Mapping => ({ type, problem });
/** An error class answered with its own code and message at `statusCode`. */
const plain = <E extends Error & { code: string }>(type: ErrorClass<E>, statusCode: number) => maps(type, (e) => ({ statusCode, code: e.code, message: e.message }));

/** Every error the API raises, mapped to HTTP: one line per error class. */
const mappings: readonly Mapping[] = [
  maps(EventsRejected, ({ error: { code, rule, message, path, eventIndex } }) => ({
    statusCode: 422,
    code,
    rule,
    message,
    ...(path !== undefined && { details: [{ path, message }] }),
    ...(eventIndex !== undefined && { eventIndex }),
  })),
  maps(SaltInBody, ({ code, message, eventIndex, field }) => ({ statusCode: 422, code, message, details: [{ path: `events.${eventIndex}.data.${field}`, message }], eventIndex })),
  maps(ChainBroken, ({ code, message, line, reason, eventId }) => ({ statusCode: 422, code, message, line, reason, ...(eventId !== undefined && { eventId }) })),
  maps(LogUnreadable, ({ code, message, line }) => ({ statusCode: 400, code, message, ...(line !== undefined && { line }) })),
  maps(RevisionConflict, ({ code, message, expected, actual }) => ({ statusCode: 409, code, message, expectedRevision: expected, currentRevision: actual })),
  maps(LogRefused, ({ code, message, line }) => ({ statusCode: 422, code, message, ...(line !== undefined && { line }) })),
  maps(SetupUnknownCards, ({ code, message, names }) => ({
    statusCode: 422,
    code,
    message,
    details: names.map(({ path, text, problem, closest }) => ({
      path,
      message: `"${text}": ${problem === 'unknown' ? 'no such card' : 'several cards have this name'}${closest.length > 0 ? `; ${problem === 'ambiguous' ? 'one of' : 'closest'}: ${closest.join(', ')}` : ''}`,
    })),
  })),
  maps(DeckListUnknownCards, ({ code, message, lines }) => ({
    statusCode: 422,
    code,
    message,
    lines: [...lines],
    details: lines.map(({ player, line, text, problem, closest, section }) => ({
      path: `deckLists.${player}`,
      message: `${section === undefined ? '' : `${section}: `}line ${line} "${text}": ${problem === 'malformed' ? 'not "count name"' : problem === 'unknown' ? 'no such card' : 'several cards have this name'}${closest.length > 0 ? `; ${problem === 'ambiguous' ? 'one of' : 'closest'}: ${closest.join(', ')}` : ''}`,
    })),
  })),
  plain(MatchAlreadyExists, 409),
  maps(MatchLogAlreadyImported, ({ code, message, matchId }) => ({ statusCode: 409, code, message, matchId })),
  maps(ReplayRefused, ({ code, message, step, shortId, field }) => ({
    statusCode: 422,
    code,
    message,
    ...(step !== undefined && { step }),
    ...(shortId !== undefined && { shortId }),
    ...(field !== undefined && { details: [{ path: field, message }] }),
  })),
  maps(ReplayEntriesAmbiguous, ({ code, message, entries }) => ({ statusCode: 422, code, message, entries: [...entries] })),
  maps(ReplayAlreadyImported, ({ code, message, matchId }) => ({ statusCode: 409, code, message, matchId })),
  maps(ReplaySeriesOutOfOrder, ({ code, message, matchId }) => ({ statusCode: 409, code, message, matchId })),
  maps(ReplaySeriesFull, ({ code, message, matchId, bestOf }) => ({ statusCode: 409, code, message, matchId, bestOf })),
  plain(ReplayUnreadable, 400),
  maps(ReplayTooLarge, ({ code, message, maxBytes }) => ({ statusCode: 413, code, message, maxBytes })),
  maps(ReplayOverLimit, ({ code, message, setting, limit }) => ({ statusCode: 422, code, message, setting, limit })),
  plain(ReplayConversionFailed, 422),
  maps(DuplicateEventId, ({ code, message, eventId }) => ({ statusCode: 409, code, message, eventId })),
  plain(MatchNotFound, 404),
  plain(LogTileNotFound, 404),
  plain(RoundEntryNotFound, 404),
  maps(RoundNotClosable, ({ code, message, reasons }) => ({ statusCode: 409, code, message, reasons })),
  plain(LogSizeOutOfRange, 400),
  plain(LogEntryNotPublished, 409),
  plain(CallNotFound, 404),
  plain(CallAlreadyResolved, 409),
  maps(FreeTextNamesHiddenCard, ({ code, message, field, audience }) => ({ statusCode: 422, code, message, audience, details: [{ path: field, message }] })),
  plain(AudienceNotFound, 404),
  plain(StatsCardNotFound, 404),
  maps(AuditInputError, ({ code, message, path }) => ({ statusCode: 400, code, message, details: [{ path, message }] })),
  maps(RevisionOutOfRange, ({ code, message, field }) => ({ statusCode: 400, code, message, details: [{ path: field, message }] })),
  maps(ValidationFailed, ({ code, message, details }) => ({ statusCode: 400, code, message, details: [...details] })),
  plain(BodyTooDeep, 400),
  plain(Unauthenticated, 401),
  plain(TokenInQuery, 401),
  plain(BadUrl, 400),
  plain(UrlTooLong, 414),
  plain(Forbidden, 403),
  plain(ReceiptWithheld, 403),
  maps(BroadcastDelayed, ({ code, message, field }) => ({ statusCode: 403, code, message, details: [{ path: field, message }] })),
  plain(StorageFull, 507),
  plain(StorageCorrupt, 500),
  plain(StoreUnavailable, 503),
  plain(CatalogBehind, 503),
  plain(TokensBehind, 503),
  maps(TokensNotIssued, ({ code, message, matchId, revision, full }) => ({ statusCode: full ? 507 : 503, code, message, matchId, revision })),
  plain(StoreTimeout, 504),
  plain(WitnessRequestMalformed, 400),
  plain(WitnessKeyUntrusted, 403),
  plain(WitnessLogUnknown, 404),
  plain(WitnessFork, 409),
  plain(WitnessProofInvalid, 422),
  maps(AppendTooLarge, ({ code, message, maxBytes }) => ({ statusCode: 413, code, message, maxBytes })),
];

/**
 * Nest's own HTTP errors, and Fastify's while it reads a body (Nest hands them over as HttpExceptions
 * with Fastify's status and message): a code per status.
 */
const HTTP_CODES: Record<number, string> = { 400: 'BAD_REQUEST', 404: 'ROUTE_NOT_FOUND' };
const BODY_PROBLEMS: Record<number, Problem> = {
  413: { statusCode: 413, code: 'BODY_TOO_LARGE', message: 'request body too large: see MATCHLOG_BODY_LIMIT' },
  415: {
    statusCode: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message:
      "send the body as JSON with the header Content-Type: application/json (plain curl -d sends a form: add -H 'Content-Type: application/json'); POST /matches/import takes a log as application/x-ndjson",
  },
};

const fromHttpException = (exception: HttpException): Problem => {
  const statusCode = exception.getStatus();
  if (BODY_PROBLEMS[statusCode]) return { ...BODY_PROBLEMS[statusCode] };
  const body = exception.getResponse();
  const raw = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : body;
  const messages = (Array.isArray(raw) ? raw : [raw]).filter((m): m is string => typeof m === 'string');
  const malformed = statusCode === 400 && /JSON/.test(messages[0] ?? '');
  return {
    statusCode,
    code: malformed ? 'MALFORMED_JSON' : (HTTP_CODES[statusCode] ?? (statusCode >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST')),
    message: statusCode >= 500 ? 'internal error' : messages.join('; ') || exception.message,
  };
};

/** A body over its route's limit: the setting that sets that route's limit (configure-app.ts), and the limit. */
const bodyLimitNamed = (problem: Problem, request: FastifyRequest | undefined): Problem => {
  if (problem.code !== 'BODY_TOO_LARGE' || request === undefined) return problem;
  const setting = request.routeOptions?.url === TCG_ONLINE_IMPORT_PATH ? 'MATCHLOG_REPLAY_LIMIT' : 'MATCHLOG_BODY_LIMIT';
  const maxBytes = request.routeOptions?.bodyLimit;
  return {
    ...problem,
    message: `request body too large${maxBytes !== undefined ? `: at most ${maxBytes} bytes here` : ''}: see ${setting}`,
    ...(maxBytes !== undefined && { maxBytes }),
  };
};

/** Every error the API can answer with, mapped to HTTP in this one place. */
export const problemOf = (exception: unknown): Problem => {
  for (const { type, problem } of mappings) if (exception instanceof type) return problem(exception as never);
  if (exception instanceof HttpException) return fromHttpException(exception);
  return { statusCode: 500, code: 'INTERNAL_ERROR', message: 'internal error' };
};

@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('matchlog');
  /** damaged files already logged: one line each, however many requests meet the damage */
  private readonly corruptFilesLogged = new Set<string>();

  catch(exception: unknown, host: ArgumentsHost): void {
    const problem = bodyLimitNamed(problemOf(exception), host.switchToHttp().getRequest<FastifyRequest>());
    this.log(exception, problem);
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (exception instanceof StoreUnavailable || exception instanceof CatalogBehind || exception instanceof TokensBehind || exception instanceof TokensNotIssued)
      reply.header('Retry-After', String(exception.retryAfterSeconds));
    // the type said outright: a reply with its own serializer (answerAs) gets none from Fastify
    void reply.status(problem.statusCode).type('application/json; charset=utf-8').send(problem);
  }

  private log(exception: unknown, problem: Problem): void {
    if (exception instanceof StorageCorrupt) {
      if (!this.corruptFilesLogged.has(exception.file)) this.logger.error(exception.report);
      this.corruptFilesLogged.add(exception.file);
    } else if (exception instanceof CatalogBehind) {
      this.logger.warn(exception.report);
    } else if (exception instanceof TokensBehind || exception instanceof TokensNotIssued) {
      this.logger.warn(exception.message);
    } else if (exception instanceof StorageFull || exception instanceof StoreUnavailable || exception instanceof StoreTimeout) {
      this.logger.warn(exception.report);
    } else if (problem.statusCode >= 500) {
      this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    }
  }
}

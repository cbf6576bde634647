import { DuplicateEventId, RevisionConflict } from '@matchlog/store';
import { AuditInputError } from '@matchlog/audit/knowledge/errors';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { Response } from 'express';
import { AudienceNotFound, ChainBroken, EventsRejected, Forbidden, HeadMismatch, HeadMissing, LineNotCanonical, LogUnreadable, MatchAlreadyExists, MatchLogAlreadyImported, MatchNotFound, RevisionOutOfRange, SignatureInvalid, SignatureKeyUnknown, Unauthenticated } from './api-errors';

interface Problem {
  statusCode: number;
  error: string;
  message: string | string[];
  code?: string;
  [detail: string]: unknown;
}

/** Every error the API can answer with, mapped to HTTP in this one place. */
export const problemOf = (exception: unknown): Problem => {
  if (exception instanceof EventsRejected) {
    const { code, rule, message, path, eventIndex } = exception.error;
    return { statusCode: 422, error: 'Unprocessable Entity', code, rule, message, ...(path !== undefined && { path }), ...(eventIndex !== undefined && { eventIndex }) };
  }
  if (exception instanceof ChainBroken) {
    const { code, message, line, reason, eventId } = exception;
    return { statusCode: 422, error: 'Unprocessable Entity', code, message, line, reason, ...(eventId !== undefined && { eventId }) };
  }
  if (exception instanceof LineNotCanonical || exception instanceof HeadMissing || exception instanceof HeadMismatch || exception instanceof SignatureInvalid || exception instanceof SignatureKeyUnknown) {
    const { code, message, line } = exception;
    return { statusCode: 422, error: 'Unprocessable Entity', code, message, ...(line !== undefined && { line }) };
  }
  if (exception instanceof LogUnreadable) {
    return { statusCode: 400, error: 'Bad Request', code: exception.code, message: [exception.message], ...(exception.line !== undefined && { line: exception.line }) };
  }
  if (exception instanceof RevisionConflict) {
    return { statusCode: 409, error: 'Conflict', code: exception.code, message: exception.message, expectedRevision: exception.expected, currentRevision: exception.actual };
  }
  if (exception instanceof MatchAlreadyExists) return { statusCode: 409, error: 'Conflict', code: exception.code, message: exception.message };
  if (exception instanceof MatchLogAlreadyImported) return { statusCode: 409, error: 'Conflict', code: exception.code, message: exception.message, matchId: exception.matchId };
  if (exception instanceof DuplicateEventId) return { statusCode: 409, error: 'Conflict', code: exception.code, message: exception.message, eventId: exception.eventId };
  if (exception instanceof MatchNotFound || exception instanceof AudienceNotFound) return { statusCode: 404, error: 'Not Found', code: exception.code, message: exception.message };
  if (exception instanceof AuditInputError) return { statusCode: 400, error: 'Bad Request', code: exception.code, message: [exception.message], path: exception.path };
  if (exception instanceof RevisionOutOfRange) return { statusCode: 400, error: 'Bad Request', code: exception.code, message: [exception.message] };
  if (exception instanceof Unauthenticated) return { statusCode: 401, error: 'Unauthorized', code: exception.code, message: exception.message };
  if (exception instanceof Forbidden) return { statusCode: 403, error: 'Forbidden', code: exception.code, message: exception.message };
  if (exception instanceof HttpException) {
    const body = exception.getResponse();
    const status = exception.getStatus();
    return typeof body === 'object' ? ({ statusCode: status, ...(body as object) } as Problem) : { statusCode: status, error: exception.name, message: body };
  }
  const status = (exception as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // body-parser's own errors, e.g. a body over the size limit (413); Nest answers malformed JSON itself
    const { type } = exception as { type?: string };
    return { statusCode: status, error: status === 413 ? 'Payload Too Large' : 'Bad Request', code: type, message: status === 413 ? 'request body too large' : 'bad request body' };
  }
  return { statusCode: 500, error: 'Internal Server Error', message: 'internal error' };
};

@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('matchlog');

  catch(exception: unknown, host: ArgumentsHost): void {
    const problem = problemOf(exception);
    if (problem.statusCode >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    host.switchToHttp().getResponse<Response>().status(problem.statusCode).json(problem);
  }
}

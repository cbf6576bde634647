import type { LoggerService } from '@nestjs/common';

/** Where Nest logs its own start: a line per module and per route, some forty in all. */
const NEST_START = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);

/**
 * `logger`, with Nest's start-up lines at debug: at info a start says one line, main.ts's (where the
 * viewer, the API docs, the data and the organizer key are). Everything else as `logger` has it.
 */
export const quietBoot = (logger: LoggerService): LoggerService => ({
  log: (message: unknown, ...params: unknown[]) => {
    const context = params.at(-1);
    if (typeof context === 'string' && NEST_START.has(context)) logger.debug?.(message, ...params);
    else logger.log(message, ...params);
  },
  error: (message: unknown, ...params: unknown[]) => logger.error(message, ...params),
  warn: (message: unknown, ...params: unknown[]) => logger.warn(message, ...params),
  debug: (message: unknown, ...params: unknown[]) => logger.debug?.(message, ...params),
  verbose: (message: unknown, ...params: unknown[]) => logger.verbose?.(message, ...params),
  fatal: (message: unknown, ...params: unknown[]) => logger.fatal?.(message, ...params),
});

import { isStorageError } from '@matchlog/store';

/**
 * Why the server or a command could not run, for its operator: for what they can fix (a damaged,
 * locked or unopenable file, a file system error, a setting) which file, why and what to do, without
 * a stack; only an unexpected error (a bug) keeps its stack.
 */
export const failureReport = (error: unknown): string => {
  if (isStorageError(error)) return error.report;
  if (!(error instanceof Error)) return String(error);
  const { code, path } = error as { code?: unknown; path?: unknown };
  if (typeof code === 'string' && typeof path === 'string') {
    return `${path}: ${error.message}. The data directory (MATCHLOG_DATA_DIR) and its files must be readable and writable by the user running matchlog`;
  }
  if (typeof code === 'string' || error.constructor === Error) return error.message;
  return error.stack ?? error.message;
};

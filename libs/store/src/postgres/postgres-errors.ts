import { StorageCorrupt, StorageFull, StorageUnopenable, StoreUnavailable, isStorageError } from '../storage-errors';

/** Node's socket errors that mean the server cannot be reached, or went away. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
/** SQLSTATEs of a server that is away, starting, stopping or full of connections (class 08: connection exceptions). */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '53400']);
/** What `pg` itself says when a connection ends or cannot be made in time (its errors carry no code). */
const CLIENT_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|connection error|not queryable|Client was closed/;

const codeOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

/**
 * A `pg` error as the storage error it means: an unreachable server is StoreUnavailable (503 with
 * Retry-After), a full disk StorageFull, damaged data StorageCorrupt; any other error as it is.
 */
export const postgresErrorOf = (error: unknown, database: string): unknown => {
  if (isStorageError(error)) return error;
  const code = codeOf(error);
  const message = String((error as { message?: unknown } | null)?.message ?? error);
  if ((code !== undefined && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08'))) || (code === undefined && CLIENT_MESSAGES.test(message))) {
    return new StoreUnavailable(`PostgreSQL ${database}: ${message || code}`);
  }
  if (code === '53100') return new StorageFull(`PostgreSQL ${database}`);
  if (code === 'XX001' || code === 'XX002') return new StorageCorrupt(`PostgreSQL ${database}`, message);
  return error;
};

/** The database a connection string names, for operators' messages: host, port and name, never the password. */
export const describeDatabase = (connectionString: string): string => {
  try {
    const url = new URL(connectionString);
    return `${url.host}${url.pathname}`;
  } catch {
    return 'database (MATCHLOG_DATABASE_URL)';
  }
};

/** SQLSTATEs met on opening that no retry mends: the operator must fix the configuration. */
const UNOPENABLE: Record<string, string> = {
  '28P01': 'the server refused the user name or password',
  '28000': 'the server refused this user (pg_hba.conf)',
  '3D000': 'the database does not exist',
  '42501': 'the user may not create the event tables (CREATE on the schema)',
};

/** An error met while opening the store, as the operator's explanation where it has one. */
export const openErrorOf = (error: unknown, database: string): unknown => {
  const why = UNOPENABLE[codeOf(error) ?? ''];
  return why === undefined
    ? postgresErrorOf(error, database)
    : new StorageUnopenable(`PostgreSQL ${database}`, why, 'Fix MATCHLOG_DATABASE_URL (postgres://user:password@host:port/database), or the database and its grants');
};

/*
 * Why the storage could not do what was asked. `message` is for the API's callers and names no file;
 * `report` is for the operator (the log, a refusal to start): the file, what is wrong, what to do.
 */

/** The disk is full (SQLITE_FULL): nothing was written, and the same request succeeds once space returns. */
export class StorageFull extends Error {
  readonly code = 'STORAGE_FULL';
  constructor(readonly file: string) {
    super("the server's disk is full, so nothing was written: free space on the disk that holds its data directory, then send the same request again");
  }

  get report(): string {
    return `${this.file}: the disk is full, writes are refused until space is freed on it (reads still work)`;
  }
}

/** A database file is damaged: nothing is served from it. */
export class StorageCorrupt extends Error {
  readonly code = 'STORAGE_CORRUPT';
  constructor(
    readonly file: string,
    readonly detail: string,
  ) {
    super("the server's database is damaged, so nothing is served from it: its operator must restore it (the server log names the file)");
  }

  get report(): string {
    return (
      `${this.file} is damaged (${this.detail}). If MATCHLOG_DATA_DIR is not matchlog's data directory, point it at the right one; ` +
      'otherwise stop matchlog, restore this file from a backup (or salvage what is left with the sqlite3 shell\'s ".recover" into a new file), ' +
      'and run "npm run check-integrity" before starting again'
    );
  }
}

/** A database file or the data directory cannot be opened, made or written (met on start, never served). */
export class StorageUnopenable extends Error {
  readonly code = 'STORAGE_UNOPENABLE';
  constructor(
    readonly file: string,
    readonly why: string,
    readonly whatToDo: string,
  ) {
    super(`cannot open ${file}: ${why}. ${whatToDo}`);
  }

  get report(): string {
    return this.message;
  }
}

/** Another process holds the database (two servers on one data directory). */
export class StorageLocked extends Error {
  readonly code = 'STORAGE_LOCKED';
  constructor(
    readonly file: string,
    readonly holder: string,
  ) {
    super(`${file} is in use by another process (${holder}). Two servers must not share a data directory: stop the other one, ` + 'or give this one its own MATCHLOG_DATA_DIR');
  }

  get report(): string {
    return this.message;
  }
}

/** The event store's server cannot be reached: nothing was done; retry later. */
export class StoreUnavailable extends Error {
  readonly code = 'STORE_UNAVAILABLE';
  constructor(
    readonly reason: string,
    readonly retryAfterSeconds = 5,
  ) {
    super(`the event store cannot be reached right now, so nothing was done: retry in ${retryAfterSeconds} seconds`);
  }

  get report(): string {
    return `the event store cannot be reached: ${this.reason}`;
  }
}

/**
 * The event store's server did not answer in time. An append may or may not have been written: the
 * same request sent again (same event ids, same expected revision) answers as the first time if it was.
 */
export class StoreTimeout extends Error {
  readonly code = 'STORE_TIMEOUT';
  constructor(readonly reason: string) {
    super('the event store did not answer in time, so a write may or may not have been made: send the same request again (a retried append answers as the first one did)');
  }

  get report(): string {
    return `the event store did not answer in time: ${this.reason}`;
  }
}

/** One append is larger than the event store's server accepts (EventStoreDB's --max-append-size): nothing was written. */
export class AppendTooLarge extends Error {
  readonly code = 'APPEND_TOO_LARGE';
  constructor(readonly maxBytes: number) {
    super(
      `the events are larger than the event store accepts in one append (${maxBytes} bytes), so nothing was written: send them as several smaller batches, each after the revision the previous one returned`,
    );
  }
}

export type StorageError = StorageFull | StorageCorrupt | StorageUnopenable | StorageLocked | StoreUnavailable | StoreTimeout;

export const isStorageError = (error: unknown): error is StorageError =>
  error instanceof StorageFull ||
  error instanceof StorageCorrupt ||
  error instanceof StorageUnopenable ||
  error instanceof StorageLocked ||
  error instanceof StoreUnavailable ||
  error instanceof StoreTimeout;

const codeOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

/** A SQLite error from `file` as the storage error it means; any other error as it is. */
export const storageErrorOf = (error: unknown, file: string): unknown => {
  // by code and message, not instanceof Error: better-sqlite3's errors may come from another realm (a vm context)
  const code = codeOf(error);
  if (code === undefined || isStorageError(error)) return error;
  if (code === 'SQLITE_FULL' || code === 'ENOSPC') return new StorageFull(file);
  if (code.startsWith('SQLITE_CORRUPT')) return new StorageCorrupt(file, String((error as { message?: unknown }).message));
  if (code === 'SQLITE_NOTADB') return new StorageCorrupt(file, 'it is not a SQLite database: its header is missing or damaged');
  return error;
};

const WHY: Record<string, string> = {
  ENOTDIR: 'a part of the path is a file, not a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  EISDIR: 'it is a directory',
  ENOSPC: 'the disk is full',
  SQLITE_CANTOPEN: 'SQLite cannot open it (is it a directory, or unreadable by this user?)',
  SQLITE_PERM: 'permission denied',
  SQLITE_READONLY: 'it is read-only for this user',
};

const WHAT_TO_DO =
  'The data directory (MATCHLOG_DATA_DIR) and its files must be readable and writable by the user running matchlog: ' +
  'fix its permissions or mount, or point MATCHLOG_DATA_DIR at such a directory';

/** An error met while making, opening or first writing `path`, as the operator's explanation; other errors as they are. */
export const unopenableOf = (error: unknown, path: string): unknown => {
  const code = codeOf(error);
  if (code === undefined || isStorageError(error)) return error;
  const why = WHY[code] ?? (code.startsWith('SQLITE_READONLY') ? WHY.SQLITE_READONLY : code.startsWith('SQLITE_CANTOPEN') ? WHY.SQLITE_CANTOPEN : undefined);
  return why === undefined ? error : new StorageUnopenable(path, why, WHAT_TO_DO);
};

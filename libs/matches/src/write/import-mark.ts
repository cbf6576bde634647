import { EventToAppend, StoredEvent } from '@matchlog/store';

/**
 * An imported match keeps its log as verified (ids, meta and chain, so the times of the log it came
 * from), and its events cannot say so: the import records it in the match's token stream, beside the
 * tokens it issues, where no reader of the match's own events sees it.
 */
export const LOG_IMPORTED = 'LogImported';

export interface LogImported {
  /** how many events the imported log held */
  readonly events: number;
  /** the kid (RFC 7638 thumbprint) of the key that signed the log's head: this server's, or one of MATCHLOG_TRUSTED_KEYS */
  readonly signedBy?: string;
}

export const importMark = (id: string, events: number, signedBy: string): EventToAppend => ({ id, type: LOG_IMPORTED, data: { events, signedBy } satisfies LogImported });

/** What the match's token stream says of its import, the last if an import cut between chunks was completed; undefined: not imported. */
export const importOf = (tokenStream: readonly Pick<StoredEvent, 'type' | 'data'>[]): LogImported | undefined => {
  const mark = tokenStream.filter((event) => event.type === LOG_IMPORTED).at(-1)?.data as LogImported | undefined;
  return mark && { events: mark.events, ...(typeof mark.signedBy === 'string' && { signedBy: mark.signedBy }) };
};

/** The match's token stream says it was imported. */
export const wasImported = (tokenStream: readonly Pick<StoredEvent, 'type'>[]): boolean => tokenStream.some((event) => event.type === LOG_IMPORTED);

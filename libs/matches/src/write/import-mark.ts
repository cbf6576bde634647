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
}

export const importMark = (id: string, events: number): EventToAppend => ({ id, type: LOG_IMPORTED, data: { events } satisfies LogImported });

/** The match's token stream says it was imported. */
export const wasImported = (tokenStream: readonly Pick<StoredEvent, 'type'>[]): boolean => tokenStream.some((event) => event.type === LOG_IMPORTED);

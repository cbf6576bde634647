import type { EventRow } from '../event-row';
import type { AppendOutcome, AppendRequest } from './writer-protocol';

/** The most the buffer holds: events, and characters of their JSON text; past either, its oldest events go (the subscriptions read them from the file). */
export const RECENT_EVENTS = 2048;
export const RECENT_CHARS = 4 * 1024 * 1024;

/** A string SQLite gives back as it was given: a lone surrogate is stored as U+FFFD (the JSON text never has one: JSON.stringify escapes it). */
const keptAsIs = (text: string): boolean => !/[\uD800-\uDFFF]/.test(text) || Buffer.from(text, 'utf8').toString('utf8') === text;

/** The rows an append wrote, as `reads.all` reads them back; undefined when one would not read back the same. */
const rowsOf = ({ streamId, events }: AppendRequest, result: { revision: number; position: number }): EventRow<number>[] | undefined => {
  if (!keptAsIs(streamId) || !events.every((e) => keptAsIs(e.id) && keptAsIs(e.type))) return undefined;
  const first = events.length - 1;
  return events.map((e, i) => ({
    position: result.position - first + i,
    stream_id: streamId,
    revision: result.revision - first + i,
    event_id: e.id,
    type: e.type,
    data: e.data,
    meta: e.meta,
  }));
};

/**
 * The events this process's writer committed last, as rows by position, so that a subscription that
 * follows the log delivers them without reading them back. It holds one contiguous run of positions,
 * ending at the last position committed (`head`); a commit after a gap (an append whose outcome was
 * lost) starts a new run. What it does not hold is read from the file, as before.
 */
export class RecentCommits {
  private rows: EventRow<number>[] = [];
  private chars = 0;

  /** `head`: the last position in the file (undefined: not known, until the next commit). */
  constructor(private head: number | undefined) {}

  /** The rows after `position`, at most `max`: [] when nothing is committed after it; undefined when this does not know. */
  after(position: number, max: number): readonly EventRow<number>[] | undefined {
    if (this.head === undefined || position > this.head || position < this.head - this.rows.length) return undefined;
    const start = position - (this.head - this.rows.length);
    return this.rows.slice(start, start + max);
  }

  /** A group's commit: what its appends that wrote wrote (a refusal, a retry answered with an earlier result, wrote nothing); the events up to `passed` are let go. */
  committed(appends: readonly AppendRequest[], outcomes: readonly AppendOutcome[], passed: number): void {
    this.trim(passed);
    appends.forEach((append, i) => {
      const outcome = outcomes[i];
      if (!('result' in outcome)) return;
      const rows = rowsOf(append, outcome.result);
      // a gap (or rows this cannot give back as read) ends the run: what it misses is read from the file
      if (rows === undefined || rows[0].position !== (this.head ?? NaN) + 1) this.lost();
      this.head = outcome.result.position;
      if (rows !== undefined) this.push(rows);
    });
    this.trim(0);
  }

  /** Something may have been committed that this was not told of: it knows nothing until the next commit. */
  lost(): void {
    this.rows = [];
    this.chars = 0;
    this.head = undefined;
  }

  get size(): number {
    return this.rows.length;
  }

  private push(rows: readonly EventRow<number>[]): void {
    for (const row of rows) {
      this.rows.push(row);
      this.chars += row.data.length + (row.meta?.length ?? 0);
    }
  }

  /** Lets go of the events up to `passed`, and of the oldest past the bounds. */
  private trim(passed: number): void {
    let drop = 0;
    while (drop < this.rows.length && (this.rows[drop].position <= passed || this.rows.length - drop > RECENT_EVENTS || this.chars > RECENT_CHARS)) {
      this.chars -= this.rows[drop].data.length + (this.rows[drop].meta?.length ?? 0);
      drop++;
    }
    if (drop > 0) this.rows = this.rows.slice(drop);
  }
}

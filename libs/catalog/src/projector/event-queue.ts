import { EventStore, StoredEvent } from '@matchlog/store';

/** The events delivered and not held: after `after`, up to `upTo`, at most `count` of them, to read from the store. */
interface Unheld {
  after: number;
  upTo: number;
  count: number;
}

/**
 * The events a projector has been given and not yet written: at most `bound` held in memory; past it only
 * the range delivered is noted, and read again from the store, a page at a time, when the projector takes it.
 * So a projection far behind costs no memory per event, and reads back exactly what it did not hold.
 */
export class EventQueue {
  private queued: StoredEvent[] = [];
  private unheld: Unheld | null = null;
  /** the batch being written, counted as waiting until it is */
  private writing: readonly StoredEvent[] = [];
  /** the position of the last event delivered */
  private delivered = 0;

  constructor(
    private readonly store: Pick<EventStore, 'readAll'>,
    private readonly bound: number,
  ) {}

  /** Starts after `position`, the consumer having delivered up to `delivered`: what it delivered after `position` is read from the store. */
  startAfter(position: number, delivered: number): void {
    this.queued = [];
    this.unheld = delivered > position ? { after: position, upTo: delivered, count: delivered - position } : null;
    this.delivered = Math.max(position, delivered);
  }

  push(event: StoredEvent): void {
    if (this.unheld === null && this.queued.length < this.bound) this.queued.push(event);
    else {
      this.unheld ??= { after: this.delivered, upTo: event.position, count: 0 };
      this.unheld.upTo = event.position;
      this.unheld.count++;
    }
    this.delivered = event.position;
  }

  get waiting(): boolean {
    return this.queued.length > 0 || this.unheld !== null;
  }

  /** How many events after `position` wait. */
  behind(position: number): number {
    return [...this.writing, ...this.queued].filter((event) => event.position > position).length + (this.unheld?.count ?? 0);
  }

  /** The next batch: what is held, else the next page of what is not (read from the store). */
  async take(): Promise<readonly StoredEvent[]> {
    const batch = this.queued.length > 0 ? this.queued : await this.readUnheld();
    if (batch === this.queued) this.queued = [];
    this.writing = batch;
    return batch;
  }

  /** The batch taken is written, up to `position`: what of it is after that waits again, first. */
  done(position: number): void {
    this.queued = [...this.writing.filter((event) => event.position > position), ...this.queued];
    this.writing = [];
  }

  private async readUnheld(): Promise<StoredEvent[]> {
    const unheld = this.unheld;
    if (unheld === null) return [];
    const page = (await this.store.readAll(unheld.after, Math.max(1, Math.min(this.bound, unheld.count)))).filter((event) => event.position <= unheld.upTo);
    unheld.after = page.at(-1)?.position ?? unheld.upTo;
    unheld.count -= page.length;
    if (unheld.after >= unheld.upTo || unheld.count <= 0) this.unheld = null;
    return page;
  }
}

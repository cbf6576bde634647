/** An append waiting for its answer (in the queue here, or in SQLite's writer thread): its result or refusal is told through these. */
export interface Queued<R> {
  readonly resolve: (result: R) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * The PostgreSQL store's group commit: appends queued in one event-loop turn are written as one group
 * (one transaction, one round of WAL flush), and those queued while a group is written form the next.
 * SQLite's is its writer thread's (sqlite/writer-thread.ts), which takes every append waiting for it.
 */
export class GroupCommit<P, R> {
  private readonly queue: (P & Queued<R>)[] = [];
  private writing: Promise<void> | undefined;

  constructor(private readonly writeGroup: (group: (P & Queued<R>)[]) => void | Promise<void>) {}

  /** Queues what `prepare` makes (checked and serialised first: a refusal rejects at once, and nothing is queued). */
  submit(prepare: () => P): Promise<R> {
    let prepared: P;
    try {
      prepared = prepare();
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ ...prepared, resolve, reject });
      this.writing ??= this.writeQueued();
    });
  }

  /** Resolves once every group queued so far is written. */
  async drained(): Promise<void> {
    await this.writing;
  }

  private async writeQueued(): Promise<void> {
    // the appends made in the same event-loop turn as the first go into its group
    await new Promise(setImmediate);
    while (this.queue.length > 0) await this.writeGroup(this.queue.splice(0, this.queue.length));
    this.writing = undefined;
  }
}

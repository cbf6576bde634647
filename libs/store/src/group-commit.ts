/**
 * The group commit both SQL stores share: appends queued in one event-loop turn are written as one
 * group (one transaction, one fsync), and those queued while a group is written form the next.
 */
export class GroupCommit<T> {
  private readonly queue: T[] = [];
  private writing: Promise<void> | undefined;

  constructor(private readonly writeGroup: (group: T[]) => void | Promise<void>) {}

  push(item: T): void {
    this.queue.push(item);
    this.writing ??= this.writeQueued();
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

import { PositionWaiters } from '@matchlog/store';
import { CatalogDb } from '../open-catalog';
import { isSharedCatalog } from '../open-postgres-catalog';
import { committedCheckpointOf } from './checkpoints';

/**
 * The last log position a projection holds, and who waits for it: readers (`reached`) and the projector's
 * start (`onceAt`). On PostgreSQL every instance writes the read models, so a checkpoint another one moved
 * counts as this one's: it is read while someone waits.
 */
export class ProjectedPosition {
  private position = 0;
  private readonly waiters = new PositionWaiters();
  private readonly shared: boolean;
  private pending: { readonly upTo: number; readonly done: () => void } | null = null;

  constructor(
    private readonly db: CatalogDb,
    private readonly projection: string,
  ) {
    this.shared = isSharedCatalog(db);
  }

  get current(): number {
    return this.position;
  }

  /** The position claimed at start (or left by a rebuild): no waiter is told. */
  set(position: number): void {
    this.position = position;
  }

  advanceTo(position: number): void {
    if (position <= this.position) return;
    this.position = position;
    this.waiters.reached(position);
    if (this.pending !== null && position >= this.pending.upTo) this.release();
  }

  /** Whether the projection holds every event up to `position` (whichever instance wrote it there) within `timeoutMs`. */
  reached(position: number, timeoutMs: number): Promise<boolean> {
    if (this.position >= position) return Promise.resolve(true);
    const reached = this.waiters.wait(position, timeoutMs);
    if (this.shared) void this.readSharedCheckpoint();
    return reached;
  }

  /** Resolves once the position reaches `upTo`, or at `release` (the projector's start, which waits for nobody else). */
  onceAt(upTo: number): Promise<void> {
    return new Promise((done) => (this.pending = { upTo, done }));
  }

  release(): void {
    this.pending?.done();
    this.pending = null;
  }

  private async readSharedCheckpoint(): Promise<void> {
    try {
      this.advanceTo(await committedCheckpointOf(this.db, this.projection));
    } catch {
      // the projector's own batch reads it again, and reports a failure
    }
  }
}

import { CatalogProjector } from '@matchlog/catalog';
import { StorageFull } from '@matchlog/store';
import { CatalogBehind } from '../errors';
import { StoreHead } from '../model/store-head';

/** How long a catalog read waits for the catalog to reach the position it needs. */
export const CATALOG_WAIT_MS = 2000;

/**
 * Read-your-writes for the catalog, in one place: appends answer once they are durable, and a read
 * the catalog answers waits here until the catalog holds what the caller may have written. `after`:
 * the position an append answered with (no head read when the catalog holds it already); without it,
 * the store's head as read after the request came, so any instance's acknowledged write is in.
 * Bounded: CatalogBehind (503) after `waitMs`.
 */
export class CatalogFreshness {
  constructor(
    private readonly projector: Pick<CatalogProjector, 'caughtUpPosition' | 'reached'> & { readonly lastFailure?: unknown },
    private readonly head: StoreHead,
    private readonly waitMs = CATALOG_WAIT_MS,
  ) {}

  async reach(after?: number): Promise<void> {
    if (after !== undefined && this.projector.caughtUpPosition >= after) return;
    const head = await this.head.read();
    // a position past the head was never answered by an append: the head bounds it
    const target = after === undefined ? head : Math.min(after, head);
    if (!(await this.projector.reached(target, this.waitMs))) throw new CatalogBehind(target, this.projector.caughtUpPosition);
  }

  /** As `reach`, for a write that reads the catalog first: a catalog behind because its disk is full is that, 507 STORAGE_FULL, not "retry after a second". */
  async reachToWrite(): Promise<void> {
    try {
      await this.reach();
    } catch (error) {
      const cause = this.projector.lastFailure;
      throw error instanceof CatalogBehind && cause instanceof StorageFull ? cause : error;
    }
  }
}

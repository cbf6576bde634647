import { EventStore, StoredEvent, Subscription } from '@matchlog/store';
import { CATALOG, projectIntoCatalog } from './catalog-projection';
import { CatalogDb } from './open-catalog';

/**
 * Keeps the catalog up to date from a catch-up subscription. Events delivered while a batch is being
 * written wait and go into the next one; each batch and the checkpoint past its last event commit in
 * one transaction, so a restart resumes exactly where it stopped and a replay is idempotent.
 */
export class CatalogFeeder {
  private subscription: Subscription | null = null;
  private position = 0;
  private queued: StoredEvent[] = [];
  private draining: Promise<void> | null = null;
  private waiters: { position: number; resolve: () => void }[] = [];

  constructor(
    private readonly db: CatalogDb,
    private readonly store: EventStore,
    private readonly onError: (error: unknown) => void = (error) => console.error('catalog: a batch failed and will be retried', error),
  ) {}

  get caughtUpPosition(): number {
    return this.position;
  }

  async start(): Promise<void> {
    this.position = await checkpointOf(this.db);
    this.subscription = this.store.subscribeAll(this.position, (event) => this.enqueue(event));
  }

  /** Resolves once the catalog holds every event up to `position`, or after `timeoutMs` regardless. */
  caughtUpTo(position: number, timeoutMs = 2000): Promise<void> {
    if (this.position >= position) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.release(waiter), timeoutMs);
      const waiter = { position, resolve: () => (clearTimeout(timer), resolve()) };
      this.waiters.push(waiter);
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    this.subscription = null;
    await this.draining;
  }

  /** Empties the catalog and replays the whole log into it, tokens included; the feeder stays stopped. */
  async rebuild(): Promise<number> {
    await this.stop();
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('match_players').execute();
      // tokens issued before they were logged exist only here: kept
      await trx.deleteFrom('match_tokens').where('from_log', '=', 1).execute();
      await trx.deleteFrom('matches').execute();
      await trx.deleteFrom('projection_checkpoints').where('projection', '=', CATALOG).execute();
    });
    this.position = 0;
    let count = 0;
    for (let batch = await this.store.readAll(0, 1000); batch.length > 0; batch = await this.store.readAll(batch[batch.length - 1].position, 1000)) {
      await this.write(batch);
      count += batch.length;
    }
    return count;
  }

  private enqueue(event: StoredEvent): void {
    this.queued.push(event);
    this.draining ??= this.drain();
  }

  private async drain(): Promise<void> {
    try {
      while (this.queued.length > 0) {
        const batch = this.queued;
        this.queued = [];
        try {
          await this.write(batch);
        } catch (error) {
          // the catalog can always be rebuilt from the log: keep the batch for the next attempt, never crash the server
          this.queued = [...batch, ...this.queued];
          this.onError(error);
          return;
        }
      }
    } finally {
      this.draining = null;
    }
  }

  private async write(events: readonly StoredEvent[]): Promise<void> {
    const fresh = events.filter((event) => event.position > this.position);
    if (fresh.length === 0) return;
    await this.db.transaction().execute((trx) => projectIntoCatalog(trx, fresh));
    this.position = fresh[fresh.length - 1].position;
    for (const waiter of this.waiters.filter((w) => w.position <= this.position)) this.release(waiter);
  }

  private release(waiter: { position: number; resolve: () => void }): void {
    this.waiters = this.waiters.filter((w) => w !== waiter);
    waiter.resolve();
  }
}

export const checkpointOf = async (db: CatalogDb): Promise<number> =>
  (await db.selectFrom('projection_checkpoints').select('position').where('projection', '=', CATALOG).executeTakeFirst())?.position ?? 0;

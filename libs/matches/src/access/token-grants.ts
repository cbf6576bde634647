import { CatalogDb, TokenGrant, TokensIssued, TokensRevoked, grantOfRecord, hashToken, matchOfTokenStream, tokensInCatalog } from '@matchlog/catalog';
import { EventStore, LogConsumer, LogProcessor, StoredEvent } from '@matchlog/store';
import { TokensBehind } from '../errors';
import { StoreHead } from '../model/store-head';

/** How long a token this instance does not know waits for the log consumer to reach the store's head. */
export const TOKEN_WAIT_MS = 2000;
const BACKFILL_PAGE = 1000;

/**
 * Every token in force, in memory: token hash → grant, and every revoked hash. Kept current by the
 * instance's log consumer (token streams' TokensIssued and TokensRevoked, whichever instance wrote
 * them) and by the writer's own token appends at once. Loaded from the catalog once (grants issued
 * before tokens were logged live only there), the log after the catalog's checkpoint read in too.
 *
 * Applying is order-independent, as the catalog's applyTokenEvents is: a revoked hash stays revoked,
 * and a TokensIssued seen after its revocation (the consumer delivering what the writer applied
 * already, or what the catalog held) grants nothing. So the sources may overlap in any order.
 *
 * A token not in memory is judged unknown only once the consumer has reached the store's head as read
 * after the request came (one head read, shared by concurrent misses): a token issued on another
 * instance a moment ago is then in memory. A revoked token is refused at once. A revocation made on
 * another instance takes effect here when the consumer delivers it; while the consumer's subscription
 * is down, no token but the organizer's is trusted (TokensBehind), so that wait is never unbounded.
 */
export class TokenGrants implements LogProcessor {
  readonly name = 'tokens';
  private readonly grants = new Map<string, TokenGrant>();
  private readonly revoked = new Set<string>();
  private loading: Promise<void> | null = null;
  private loaded = false;
  /** the consumer's position when this joined it: it is given every event after that */
  private readonly joinedAt: number;

  constructor(
    private readonly catalog: CatalogDb,
    private readonly store: Pick<EventStore, 'readAll'>,
    private readonly consumer: LogConsumer,
    private readonly head: StoreHead,
    private readonly waitMs = TOKEN_WAIT_MS,
  ) {
    consumer.add(this);
    this.joinedAt = consumer.position;
  }

  /** What the token grants; null for a token never issued or revoked. */
  async grantOf(token: string): Promise<TokenGrant | null> {
    if (!this.loaded) await this.load();
    const hash = hashToken(token);
    if (this.revoked.has(hash)) return null;
    // while the subscription is down, a revocation made elsewhere would go unseen: no token is trusted from memory
    if (this.consumer.failed) throw new TokensBehind();
    const grant = this.grants.get(hash);
    if (grant !== undefined) return grant;
    const head = await this.head.read();
    if (!(await this.consumer.reached(head, this.waitMs))) throw new TokensBehind();
    return this.grants.get(hash) ?? null;
  }

  /** A token stream's events, as the writer appended them or the log delivers them. */
  apply(matchId: string, events: readonly Pick<StoredEvent, 'type' | 'data'>[]): void {
    for (const event of events) {
      if (event.type === 'TokensRevoked')
        for (const hash of (event.data as TokensRevoked).hashes) {
          this.revoked.add(hash);
          this.grants.delete(hash);
        }
      if (event.type === 'TokensIssued') for (const grant of (event.data as TokensIssued).grants) this.grant(grant.hash, grantOfRecord(matchId, grant));
    }
  }

  handle(event: StoredEvent): void {
    const matchId = matchOfTokenStream(event.streamId);
    if (matchId !== null) this.apply(matchId, [event]);
  }

  /** tokens in force (for tests and readiness) */
  get size(): number {
    return this.grants.size;
  }

  private grant(hash: string, grant: TokenGrant): void {
    if (!this.revoked.has(hash)) this.grants.set(hash, grant);
  }

  private load(): Promise<void> {
    this.loading ??= this.loadOnce().then(
      () => void (this.loaded = true),
      (error: unknown) => {
        this.loading = null;
        throw error;
      },
    );
    return this.loading;
  }

  private async loadOnce(): Promise<void> {
    const { position, grants, revoked } = await tokensInCatalog(this.catalog);
    for (const hash of revoked) {
      this.revoked.add(hash);
      this.grants.delete(hash);
    }
    for (const [hash, grant] of grants) this.grant(hash, grant);
    // what the consumer delivered before this joined it, beyond what the catalog held
    for (let after = position; after < this.joinedAt;) {
      const page = await this.store.readAll(after, BACKFILL_PAGE);
      for (const event of page) if (event.position <= this.joinedAt) this.handle(event);
      if (page.length < BACKFILL_PAGE) break;
      after = page[page.length - 1].position;
    }
  }
}

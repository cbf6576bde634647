import { CatalogDb, CatalogProjector, grantOfHash, tokensInCatalog } from '@matchlog/catalog';
import { EventStore, LogConsumer, LogProcessor, StoredEvent } from '@matchlog/store';
import { TokenEvent, TokenGrant, TokensState, evolveTokens, grantIn, grantOfRecord, hashToken, matchOfTokenStream, revokeIn } from '@matchlog/tokens';
import { TokensBehind } from '../errors';
import { StoreHead } from '../model/store-head';
import { LruMap } from './lru-map';

/** How long a token this instance does not know waits for the log consumer to reach the store's head. */
export const TOKEN_WAIT_MS = 2000;
const BACKFILL_PAGE = 1000;
/** MATCHLOG_TOKEN_CACHE's default: grants held in memory (~150 B each; four a match). */
export const DEFAULT_TOKEN_CACHE = 50_000;

export interface TokenCache {
  /** the catalog's projection: a token memory does not hold is refused only once the catalog holds the log up to the head (without it, as in tests, a catalog miss is final: a refusal, never a grant) */
  readonly projector?: Pick<CatalogProjector, 'caughtUpPosition' | 'reached'>;
  /** the most grants held in memory (MATCHLOG_TOKEN_CACHE) */
  readonly grants?: number;
}

/**
 * The tokens in force, cached: token hash → grant for at most `cache.grants` tokens, the least recently
 * used dropped past that, and every revoked hash (they are few, and a revocation is never dropped). Kept current by the
 * instance's log consumer (token streams' TokensIssued and TokensRevoked, whichever instance wrote
 * them) and by the writer's own token appends at once. Loaded from the catalog once (grants issued
 * before tokens were logged live only there), the log after the catalog's checkpoint read in too.
 *
 * Applying is the token stream's one fold (evolveTokens), order-independent: a revoked hash stays
 * revoked, and a TokensIssued seen after its revocation (the consumer delivering what the writer
 * applied already, or what the catalog held) grants nothing. So the sources may overlap in any order.
 *
 * A token not in memory is judged unknown only once the consumer has reached the store's head as read
 * after the request came (one head read, shared by concurrent misses): a token issued on another
 * instance a moment ago is then in memory. A revoked token is refused at once. A revocation made on
 * another instance takes effect here when the consumer delivers it; while the consumer's subscription
 * is down, no token but the organizer's is trusted (TokensBehind), so that wait is never unbounded.
 * A token still not in memory then (dropped from the cache, or a legacy grant) is looked up in the
 * catalog, whose query refuses a hash it holds revoked; a miss there is trusted only once the catalog
 * holds the log up to that head (appends do not wait for the catalog), else TokensBehind. What the
 * catalog grants is refused if memory holds its hash revoked, before or after the query.
 * Nor is memory trusted before the consumer has once reached the head, after the instance starts and
 * after each renewal of its subscription: the catalog it was loaded from may predate a revocation
 * (appends do not wait for the catalog), and the log after it is still being read.
 */
export class TokenGrants implements LogProcessor {
  readonly name = 'tokens';
  private readonly tokens: TokensState<TokenGrant>;
  private loading: Promise<void> | null = null;
  private loaded = false;
  /** whether the consumer has reached a head read since this started or its subscription was last renewed */
  private current = false;
  private renewals = 0;
  /** the log consumer the application's root gave this to (joined), and its position then: this is given every event after that */
  private joinedConsumer: LogConsumer | undefined;
  private joinedAt = 0;

  constructor(
    private readonly catalog: CatalogDb,
    private readonly store: Pick<EventStore, 'readAll'>,
    private readonly head: StoreHead,
    private readonly waitMs = TOKEN_WAIT_MS,
    private readonly cache: TokenCache = {},
  ) {
    this.tokens = { grants: new LruMap(cache.grants ?? DEFAULT_TOKEN_CACHE), revoked: new Set() };
  }

  joined(consumer: LogConsumer): void {
    this.joinedConsumer = consumer;
    this.joinedAt = consumer.position;
  }

  private get consumer(): LogConsumer {
    if (!this.joinedConsumer) throw new Error("tokens: no log consumer's processor: build the consumer with it (new LogConsumer(store, { processors: [tokens] }))");
    return this.joinedConsumer;
  }

  /** What the token grants; null for a token never issued or revoked. */
  async grantOf(token: string): Promise<TokenGrant | null> {
    if (!this.loaded) await this.load();
    const hash = hashToken(token);
    if (this.tokens.revoked.has(hash)) return null;
    // while the subscription is down, a revocation made elsewhere would go unseen: no token is trusted from memory
    if (this.consumer.failed) throw new TokensBehind();
    const grant = this.current ? this.tokens.grants.get(hash) : undefined;
    if (grant !== undefined) return grant;
    const head = await this.reachHead();
    if (this.tokens.revoked.has(hash)) return null;
    return this.tokens.grants.get(hash) ?? (await this.inCatalog(hash, head));
  }

  /** The log consumer has delivered every event up to the store's head as read now (returned), or TokensBehind. */
  private async reachHead(): Promise<number> {
    const renewals = this.renewals;
    const head = await this.head.read();
    if (!(await this.consumer.reached(head, this.waitMs))) throw new TokensBehind();
    if (this.renewals === renewals) this.current = true;
    return head;
  }

  /** A token memory does not hold, as the catalog grants it; its miss is trusted once the catalog holds the log up to `head`. */
  private async inCatalog(hash: string, head: number): Promise<TokenGrant | null> {
    const projector = this.cache.projector;
    const caughtUp = !projector || projector.caughtUpPosition >= head;
    let grant = await grantOfHash(this.catalog, hash);
    if (grant === null && !caughtUp) {
      if (!(await projector!.reached(head, this.waitMs))) throw new TokensBehind();
      grant = await grantOfHash(this.catalog, hash);
    }
    if (grant === null) return null;
    // a revocation delivered while the catalog answered: memory holds its hash, and nothing is cached
    grantIn(this.tokens, hash, grant);
    return this.tokens.revoked.has(hash) ? null : grant;
  }

  /** Events may have been missed while the subscription was down: memory is not trusted until the consumer reaches the head again. */
  renewed(): void {
    this.renewals++;
    this.current = false;
  }

  /** A token stream's events, as the writer appended them or the log delivers them. */
  apply(matchId: string, events: readonly TokenEvent[]): void {
    for (const event of events) evolveTokens(this.tokens, event, (grant) => grantOfRecord(matchId, grant));
  }

  handle(event: StoredEvent): void {
    const matchId = matchOfTokenStream(event.streamId);
    if (matchId !== null) this.apply(matchId, [event]);
  }

  /** tokens in force held in memory (for tests and readiness) */
  get size(): number {
    return this.tokens.grants.size;
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
    const { position, grants, revoked } = await tokensInCatalog(this.catalog, this.cache.grants ?? DEFAULT_TOKEN_CACHE);
    for (const hash of revoked) revokeIn(this.tokens, hash);
    for (const [hash, grant] of grants) grantIn(this.tokens, hash, grant);
    // what the consumer delivered before this joined it, beyond what the catalog held
    for (let after = position; after < this.joinedAt;) {
      const page = await this.store.readAll(after, BACKFILL_PAGE);
      for (const event of page) if (event.position <= this.joinedAt) this.handle(event);
      if (page.length < BACKFILL_PAGE) break;
      after = page[page.length - 1].position;
    }
  }
}

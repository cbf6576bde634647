import { BROADCAST, PUBLIC } from '@matchlog/domain';
import { LogProcessor, StoredEvent } from '@matchlog/store';
import { Caller } from '../access/caller';
import { MatchModels } from '../model/match-models';
import { TimeSource } from '../ports';
import { FeedTransport } from './feed-transport';
import { LiveFeed } from './live-feed';
import { OpenedFeed, openFeed } from './open-feed';
import { endRevokedFeeds } from './revoked-feeds';

/**
 * The instance's live feeds, whatever carries them: each follows its match's one model (which the log
 * consumer and the writer move on), a revocation in the log ends the feeds it concerns, and a broadcast
 * delayed by seconds moves on at each `tick`. Transports only frame what the feeds hand them.
 */
export class LiveFeeds<T extends FeedTransport = FeedTransport> implements LogProcessor {
  readonly name = 'live feeds';
  private readonly feeds = new Set<LiveFeed<T>>();

  constructor(
    private readonly models: MatchModels,
    private readonly time: TimeSource,
    /** a feed that failed (it ends; the client resumes by id) */
    private readonly onFailure: (matchId: string, error: unknown) => void = () => undefined,
  ) {}

  /** The feeds open on this instance. */
  get size(): number {
    return this.feeds.size;
  }

  /** A feed of the match for the caller, its model held in memory until the feed closes (see openFeed). */
  open(caller: Caller, matchId: string, request: { audience?: string; from?: number; lastEventId?: string }): Promise<OpenedFeed> {
    return openFeed(this.models, caller, matchId, request, this.time.now());
  }

  /** Starts an opened feed on `transport`. */
  subscribe({ model, audience, from }: OpenedFeed, caller: Caller, transport: T): LiveFeed<T> {
    const feed = new LiveFeed(
      model,
      audience,
      caller,
      () => this.time.now(),
      from ?? 0,
      transport,
      (closed) => {
        this.feeds.delete(closed);
        model.leave(closed);
        this.models.release(model);
      },
    );
    this.feeds.add(feed);
    model.followers.add(feed);
    feed.start(from === undefined).catch((error: unknown) => {
      this.onFailure(model.matchId, error);
      feed.end();
    });
    return feed;
  }

  /** The transports of the feeds caught up and open: those a heartbeat keeps alive. */
  following(): T[] {
    return [...this.feeds].filter((feed) => feed.following).map((feed) => feed.transport);
  }

  /** Time passed: a broadcast delayed by seconds, or a public view held back with it, moves on with no append to wake it. */
  tick(): void {
    for (const feed of this.feeds) if (feed.audience === BROADCAST || feed.audience === PUBLIC) feed.advanced();
  }

  handle(event: StoredEvent): void {
    endRevokedFeeds(event, this.feeds);
  }

  endAll(): void {
    this.feeds.forEach((feed) => feed.end());
  }
}

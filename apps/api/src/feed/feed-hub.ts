import { CatalogFeeder, matchOfTokenStream } from '@matchlog/catalog';
import { EventStore, Subscription } from '@matchlog/store';
import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import type { ServerResponse } from 'http';
import { Caller } from '../auth/caller';
import { bytesOf } from '../config/byte-size';
import { ApiConfig } from '../config/config';
import { BROADCAST } from '@matchlog/domain';
import { CLOCK, Clock } from '../clock';
import { API_CONFIG, CATALOG_FEEDER, EVENT_STORE } from '../tokens';
import { FeedStream } from './feed-stream';
import { MatchChannel } from './match-channel';

const RESUBSCRIBE_MS = 1000;
/** how often a broadcast delayed by seconds is let on, with no append to wake it */
const DELAY_TICK_MS = 250;

/**
 * The instance's live feeds: one subscription to the store's log (so appends made by any instance
 * reach them), fanned out to a channel per followed match, and one heartbeat timer for every stream.
 */
@Injectable()
export class FeedHub implements BeforeApplicationShutdown {
  private readonly logger = new Logger('feed');
  private readonly channels = new Map<string, MatchChannel>();
  private readonly streams = new Set<FeedStream>();
  private subscription: Subscription | null = null;
  /** the log position of the last event the subscription delivered: where a renewed one starts */
  private delivered = -1;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly delayTick: NodeJS.Timeout;
  private readonly maxBuffered: number;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CATALOG_FEEDER) private readonly feeder: CatalogFeeder,
    @Inject(API_CONFIG) config: ApiConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.maxBuffered = bytesOf(config.feedMaxBuffered ?? '256kb')!;
    this.heartbeat = setInterval(() => this.streams.forEach((stream) => stream.heartbeat()), config.feedHeartbeatMs ?? 15_000);
    this.heartbeat.unref();
    // a broadcast delayed by seconds moves on as time passes, not only at appends
    this.delayTick = setInterval(() => this.streams.forEach((stream) => stream.audience === BROADCAST && stream.advanced()), DELAY_TICK_MS);
    this.delayTick.unref();
  }

  /** The streams open on this instance. */
  get followers(): number {
    return this.streams.size;
  }

  /** The match's channel, loaded (MatchNotFound if it has no events); `release` it when done. */
  async open(matchId: string): Promise<MatchChannel> {
    if (this.delivered < 0) this.subscribe(this.feeder.caughtUpPosition);
    let channel = this.channels.get(matchId);
    if (!channel) {
      channel = new MatchChannel(matchId, this.store, (advanced) => this.advanced(advanced), (failed, error) => this.failed(failed, error));
      this.channels.set(matchId, channel);
    }
    channel.holders++;
    try {
      await channel.loaded;
    } catch (error) {
      this.release(channel);
      throw error;
    }
    return channel;
  }

  release(channel: MatchChannel): void {
    if (--channel.holders === 0 && this.channels.get(channel.matchId) === channel) this.channels.delete(channel.matchId);
  }

  /** Streams `audience` of an opened channel to `raw` (headers already written) after revision `sent`, or from its view. */
  stream(channel: MatchChannel, raw: ServerResponse, audience: string, caller: Caller, from: number | undefined): void {
    const stream = new FeedStream(channel, raw, audience, caller, () => this.clock.now(), from ?? 0, this.maxBuffered, (closed) => {
      this.streams.delete(closed);
      channel.streams.delete(closed);
      this.release(channel);
    });
    this.streams.add(stream);
    channel.streams.add(stream);
    stream.start(from === undefined).catch((error: unknown) => {
      this.logger.error(`feed of ${channel.matchId} failed: ${error instanceof Error ? error.stack : String(error)}`);
      stream.end();
    });
  }

  beforeApplicationShutdown(): void {
    clearInterval(this.heartbeat);
    clearInterval(this.delayTick);
    this.streams.forEach((stream) => stream.end());
    void this.subscription?.close().catch(() => undefined);
    this.subscription = null;
  }

  private advanced(channel: MatchChannel): void {
    channel.streams.forEach((stream) => stream.advanced());
  }

  /** A channel that can not follow its match any more (the store failed): its streams end, and clients resume by id. */
  private failed(channel: MatchChannel, error: unknown): void {
    this.logger.warn(`feed of ${channel.matchId} stopped: ${error instanceof Error ? error.message : String(error)}`);
    if (this.channels.get(channel.matchId) === channel) this.channels.delete(channel.matchId);
    channel.streams.forEach((stream) => stream.end());
  }

  /**
   * Tokens of a match were revoked (reissued): every stream a match token opened ends, so a revoked
   * token reads nothing more; the others reconnect with their token and resume by id.
   */
  private tokensRevoked(matchId: string | null): void {
    const channel = matchId === null ? undefined : this.channels.get(matchId);
    channel?.streams.forEach((stream) => stream.openedWithMatchToken && stream.end());
  }

  private subscribe(after: number): void {
    this.delivered = after;
    const subscription = this.store.subscribeAll(
      after,
      (event) => {
        this.delivered = event.position;
        this.channels.get(event.streamId)?.receive(event);
        if (event.type === 'TokensRevoked') this.tokensRevoked(matchOfTokenStream(event.streamId));
      },
      (error) => {
        if (this.subscription !== subscription) return;
        this.subscription = null;
        this.logger.warn(`the log subscription failed, renewed in ${RESUBSCRIBE_MS} ms: ${error instanceof Error ? error.message : String(error)}`);
        setTimeout(() => this.resubscribe(), RESUBSCRIBE_MS).unref();
      },
    );
    this.subscription = subscription;
  }

  private resubscribe(): void {
    if (this.subscription !== null) return;
    this.subscribe(this.delivered);
    this.channels.forEach((channel) => channel.refresh());
  }
}

import { matchOfTokenStream } from '@matchlog/catalog';
import { BROADCAST } from '@matchlog/domain';
import { Caller, MatchModels, OpenedFeed, openFeed } from '@matchlog/matches';
import { LogConsumer, LogProcessor, StoredEvent } from '@matchlog/store';
import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import type { ServerResponse } from 'http';
import { bytesOf } from '../config/byte-size';
import { ApiConfig } from '../config/config';
import { CLOCK, Clock } from '../clock';
import { API_CONFIG, LOG_CONSUMER } from '../tokens';
import { FeedStream } from './feed-stream';

/** how often a broadcast delayed by seconds is let on, with no append to wake it */
const DELAY_TICK_MS = 250;

/**
 * The instance's live feeds on the wire: each stream follows the match's one model (which the log
 * consumer and the writer move on), one heartbeat timer for every stream, and the streams a
 * revocation in the log ends.
 */
@Injectable()
export class FeedHub implements BeforeApplicationShutdown, LogProcessor {
  readonly name = 'live feeds';
  private readonly logger = new Logger('feed');
  private readonly streams = new Set<FeedStream>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly delayTick: NodeJS.Timeout;
  private readonly maxBuffered: number;

  constructor(
    private readonly models: MatchModels,
    @Inject(LOG_CONSUMER) consumer: LogConsumer,
    @Inject(API_CONFIG) config: ApiConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    consumer.add(this);
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

  /** A feed of the match for the caller, its model held in memory until the stream closes (see openFeed). */
  open(caller: Caller, matchId: string, request: { audience?: string; from?: number; lastEventId?: string }): Promise<OpenedFeed> {
    return openFeed(this.models, caller, matchId, request, this.clock.now());
  }

  /** Streams an opened feed to `raw` (headers already written). */
  stream({ model, audience, from }: OpenedFeed, raw: ServerResponse, caller: Caller): void {
    const stream = new FeedStream(
      model,
      raw,
      audience,
      caller,
      () => this.clock.now(),
      from ?? 0,
      this.maxBuffered,
      (closed) => {
        this.streams.delete(closed);
        model.leave(closed);
        this.models.release(model);
      },
    );
    this.streams.add(stream);
    model.followers.add(stream);
    stream.start(from === undefined).catch((error: unknown) => {
      this.logger.error(`feed of ${model.matchId} failed: ${error instanceof Error ? error.stack : String(error)}`);
      stream.end();
    });
  }

  /**
   * Tokens of a match were revoked (reissued): every stream a match token opened ends, so a revoked
   * token reads nothing more; the others reconnect with their token and resume by id.
   */
  handle(event: StoredEvent): void {
    if (event.type !== 'TokensRevoked') return;
    const matchId = matchOfTokenStream(event.streamId);
    for (const stream of this.streams) if (stream.matchId === matchId && stream.openedWithMatchToken) stream.end();
  }

  beforeApplicationShutdown(): void {
    clearInterval(this.heartbeat);
    clearInterval(this.delayTick);
    this.streams.forEach((stream) => stream.end());
  }
}

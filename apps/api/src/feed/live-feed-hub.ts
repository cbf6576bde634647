import { Caller, LiveFeeds, OpenedFeed } from '@matchlog/matches';
import { BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import type { ServerResponse } from 'http';
import { bytesOf } from '../config/byte-size';
import { ApiConfig } from '../config/config';
import { feedEncoder } from '../openapi/response-schemas';
import { API_CONFIG, LIVE_FEEDS } from '../injection-keys';
import { SseFrames } from './sse-frames';
import { SseTransport } from './sse-transport';

/** how often a broadcast delayed by seconds is let on, with no append to wake it */
const DELAY_TICK_MS = 250;

/**
 * The instance's live feeds (LiveFeeds: who sees what, and when) on the wire as Server-Sent Events:
 * one heartbeat timer for every stream, one tick for delayed broadcasts, each entry framed once.
 */
@Injectable()
export class LiveFeedHub implements BeforeApplicationShutdown {
  private readonly feeds: LiveFeeds<SseTransport>;
  private readonly frames = new SseFrames(feedEncoder());
  private readonly heartbeat: NodeJS.Timeout;
  private readonly delayTick: NodeJS.Timeout;
  private readonly maxBuffered: number;

  constructor(@Inject(LIVE_FEEDS) feeds: LiveFeeds<SseTransport>, @Inject(API_CONFIG) config: ApiConfig) {
    this.feeds = feeds;
    this.maxBuffered = bytesOf(config.feedMaxBuffered ?? '256kb')!;
    this.heartbeat = setInterval(() => this.feeds.following().forEach((stream) => stream.heartbeat()), config.feedHeartbeatMs ?? 15_000);
    this.heartbeat.unref();
    this.delayTick = setInterval(() => this.feeds.tick(), DELAY_TICK_MS);
    this.delayTick.unref();
  }

  /** The streams open on this instance. */
  get followers(): number {
    return this.feeds.size;
  }

  open(caller: Caller, matchId: string, request: { audience?: string; from?: number; lastEventId?: string }): Promise<OpenedFeed> {
    return this.feeds.open(caller, matchId, request);
  }

  /** Streams an opened feed to `raw` (headers already written). */
  stream(feed: OpenedFeed, raw: ServerResponse, caller: Caller): void {
    this.feeds.subscribe(feed, caller, new SseTransport(raw, this.frames, this.maxBuffered));
  }

  beforeApplicationShutdown(): void {
    clearInterval(this.heartbeat);
    clearInterval(this.delayTick);
    this.feeds.endAll();
  }
}

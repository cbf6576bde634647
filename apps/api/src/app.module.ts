import { CatalogDb, CatalogProjector, StatsProjector } from '@matchlog/catalog';
import { EventStore, LogConsumer } from '@matchlog/store';
import {
  Authenticator,
  MatchAudit,
  MatchClocks,
  MatchIntegrity,
  MatchModels,
  MatchReader,
  MatchWriter,
  MatchesCore,
  RoundResultsReader,
  SeriesNumbering,
  StatsReader,
  JudgeDesk,
  matchesCore,
  DEFAULT_CONVERSION_LIMITS,
  ReplayConversions,
  LogReader,
  LogSequencer,
  LiveFeeds,
} from '@matchlog/matches';
import { KeyObject } from 'crypto';
import { DynamicModule, Inject, Logger, Module, OnApplicationShutdown, RequestMethod } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { requestLogged } from './logging/request-logged';
import { scrubbingStdout } from './logging/log-scrubber';
import { MatchAuditController } from './audit/match-audit.controller';
import { MatchClockController } from './audit/match-clock.controller';
import { CallerGuard } from './auth/caller.guard';
import { TIME_SOURCE, TimeSource, systemTime, systemEntropy } from './time-source';
import { ApiConfig } from './config/config';
import { LiveFeedHub } from './feed/live-feed-hub';
import { SseTransport } from './feed/sse-transport';
import { MatchFeedController } from './feed/match-feed.controller';
import { HealthController } from './health/health.controller';
import { MatchEventsController } from './matches/match-events.controller';
import { ReplayImportController } from './matches/replay-import.controller';
import { MatchIntegrityController } from './matches/match-integrity.controller';
import { MatchViewsController } from './matches/match-views.controller';
import { MatchesController } from './matches/matches.controller';
import { RoundResultsController } from './results/round-results.controller';
import { StatsController } from './stats/stats.controller';
import { DeskController } from './desk/desk.controller';
import { MatchDeskController } from './desk/match-desk.controller';
import { JwksController } from './signing/jwks.controller';
import { LogController } from './ledger/log.controller';
import { LOG_READER, LOG_SEQUENCER, RECEIPT_LOGGER, ROUND_CLOSER, ROUND_LOG, logReaderOf, logSequencerOf, receiptLoggerOf, roundCloserOf, roundLogOf } from './ledger/log-parts';
import { RoundLogController } from './ledger/round-log.controller';
import { LogSequencerRunning } from './ledger/log-sequencer-running';
import { signingKeyOf } from './signing/signing-key';
import {
  API_CONFIG,
  CATALOG_DB,
  CATALOG_PROJECTOR,
  EVENT_STORE,
  STATS_PROJECTOR,
  LIVE_FEEDS,
  LOG_CONSUMER,
  MATCHES_CORE,
  REPLAY_CONVERTER,
  SIGNING_KEY,
  START_PROGRESS,
} from './tokens';

export interface AppParts {
  readonly config: ApiConfig;
  readonly store: EventStore;
  readonly catalog: CatalogDb;
  readonly projector: CatalogProjector;
  /** the statistics projection, a processor of the same consumer (absent where a test builds the parts without it) */
  readonly stats?: StatsProjector;
  /** the instance's one subscription to the log, whose processors the projector, the application and the live feeds are */
  readonly consumer: LogConsumer;
  /** the time the broadcast delay is measured with: the system's unless a test brings its own */
  readonly time?: TimeSource;
  /** whether the start's catch-up with the log is done (serve.ts listens first); absent: it was done before the app was built */
  readonly start?: { readonly caughtUp: boolean };
}

class ClosesParts implements OnApplicationShutdown {
  constructor(
    @Inject(CATALOG_PROJECTOR) private readonly projector: CatalogProjector,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CATALOG_DB) private readonly catalog: CatalogDb,
    @Inject(STATS_PROJECTOR) private readonly stats: StatsProjector | null,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.projector.stop();
    await this.stats?.stop();
    await this.store.close();
    await this.catalog.destroy();
  }
}

const logLevel = () => process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info');
/** One log line per request at info and below; above that, request logging costs nothing. */
const logsRequests = () => ['trace', 'debug', 'info'].includes(logLevel());

const feedLogger = new Logger('feed');
const snapshotLogger = new Logger('snapshots');

/** The application (libs/matches) over the parts: the controllers call it. */
const coreOf = (parts: AppParts, signingKey: KeyObject, time: TimeSource): MatchesCore =>
  matchesCore({
    ...parts,
    time,
    entropy: systemEntropy,
    signingKey,
    trustedKeys: parts.config.trustedKeys,
    organizerKey: parts.config.organizerKey,
    replayCacheEvents: parts.config.replayCacheEvents,
    tokenCache: parts.config.tokenCache,
    slowTurnSeconds: parts.config.slowTurnSeconds,
    penaltyCategories: parts.config.penaltyCategories,
    snapshotEvery: parts.config.snapshotEvery,
    onSnapshotProblem: (message) => snapshotLogger.warn(message),
    onModelFailure: (model, error) => feedLogger.warn(`feed of ${model.matchId} stopped: ${error instanceof Error ? error.message : String(error)}`),
  });

/**
 * The composition's last step: the application's processors (the models, then the tokens) and the live feeds, given
 * to the instance's log consumer after the projections it was built with (open-parts.ts); none joins it by itself.
 */
const liveFeedsJoined = (consumer: LogConsumer, core: MatchesCore, time: TimeSource): LiveFeeds<SseTransport> => {
  const feeds = new LiveFeeds<SseTransport>(core.models, time, (matchId, error) =>
    feedLogger.error(`feed of ${matchId} failed: ${error instanceof Error ? error.stack : String(error)}`),
  );
  for (const processor of [...core.processors, feeds]) consumer.add(processor);
  return feeds;
};

const partOf = (core: MatchesCore, type: abstract new (...args: never[]) => unknown): unknown => Object.values(core).find((part) => part instanceof type);

@Module({})
export class AppModule {
  /** The API over parts opened outside Nest (see main.ts), so tests can open their own. */
  static with(parts: AppParts): DynamicModule {
    return {
      module: AppModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: [{ level: logLevel(), serializers: { req: requestLogged } }, scrubbingStdout(parts.config.organizerKey, parts.config.logFormat)],
          // the per-request middleware on every path, but only where it will print a line per request: elsewhere
          // mounted for no route, as an excluded one still costs Nest's path check on every request. Named, as
          // nestjs-pino 5's own default ('{/*splat}') is mounted by Nest 12.5 for the root path alone
          forRoutes: logsRequests() ? [{ path: '{*path}', method: RequestMethod.ALL }] : [],
        }),
      ],
      controllers: [
        HealthController,
        MatchesController,
        MatchEventsController,
        MatchViewsController,
        MatchIntegrityController,
        ReplayImportController,
        MatchAuditController,
        MatchClockController,
        JwksController,
        MatchFeedController,
        RoundResultsController,
        StatsController,
        MatchDeskController,
        DeskController,
        LogController,
        RoundLogController,
      ],
      providers: [
        { provide: API_CONFIG, useValue: parts.config },
        { provide: EVENT_STORE, useValue: parts.store },
        { provide: CATALOG_DB, useValue: parts.catalog },
        { provide: CATALOG_PROJECTOR, useValue: parts.projector },
        { provide: STATS_PROJECTOR, useValue: parts.stats ?? null },
        { provide: LOG_CONSUMER, useValue: parts.consumer },
        { provide: START_PROGRESS, useValue: parts.start ?? { caughtUp: true } },
        { provide: SIGNING_KEY, useFactory: () => signingKeyOf(parts.config) },
        { provide: TIME_SOURCE, useValue: parts.time ?? systemTime },
        { provide: REPLAY_CONVERTER, useFactory: (config: ApiConfig) => new ReplayConversions(config.importLimits ?? DEFAULT_CONVERSION_LIMITS), inject: [API_CONFIG] },
        { provide: MATCHES_CORE, useFactory: (signingKey: KeyObject, time: TimeSource) => coreOf(parts, signingKey, time), inject: [SIGNING_KEY, TIME_SOURCE] },
        { provide: LIVE_FEEDS, useFactory: (core: MatchesCore, time: TimeSource) => liveFeedsJoined(parts.consumer, core, time), inject: [MATCHES_CORE, TIME_SOURCE] },
        ...(
          [MatchModels, MatchWriter, MatchReader, MatchIntegrity, MatchAudit, MatchClocks, Authenticator, RoundResultsReader, StatsReader, JudgeDesk, SeriesNumbering] as const
        ).map((provide) => ({
          provide,
          useFactory: (core: MatchesCore) => partOf(core, provide),
          inject: [MATCHES_CORE],
        })),
        { provide: APP_GUARD, useClass: CallerGuard },
        { provide: LOG_SEQUENCER, useFactory: (signingKey: KeyObject, time: TimeSource) => logSequencerOf(parts, signingKey, time), inject: [SIGNING_KEY, TIME_SOURCE] },
        { provide: LOG_READER, useFactory: (signingKey: KeyObject) => logReaderOf(parts, signingKey), inject: [SIGNING_KEY] },
        {
          provide: ROUND_CLOSER,
          useFactory: (results: RoundResultsReader, sequencer: LogSequencer, signingKey: KeyObject, time: TimeSource) => roundCloserOf(parts, results, sequencer, signingKey, time),
          inject: [RoundResultsReader, LOG_SEQUENCER, SIGNING_KEY, TIME_SOURCE],
        },
        { provide: ROUND_LOG, useFactory: (results: RoundResultsReader, reader: LogReader) => roundLogOf(parts, reader, results), inject: [RoundResultsReader, LOG_READER] },
        { provide: RECEIPT_LOGGER, useFactory: (sequencer: LogSequencer, time: TimeSource) => receiptLoggerOf(parts, sequencer, time), inject: [LOG_SEQUENCER, TIME_SOURCE] },
        LogSequencerRunning,
        LiveFeedHub,
        ClosesParts,
      ],
    };
  }
}

import { CatalogDb, CatalogProjector, StatsProjector } from '@matchlog/catalog';
import { EventStore } from '@matchlog/store';
import {
  Authenticator,
  MatchAudit,
  MatchClocks,
  MatchIntegrity,
  MatchModels,
  MatchReader,
  MatchWriter,
  RoundResultsReader,
  ReplayConversions,
  ReplayImports,
  StatsReader,
  JudgeDesk,
} from '@matchlog/matches';
import { DynamicModule, Inject, Module, OnApplicationShutdown, RequestMethod } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { requestLogged } from './logging/request-logged';
import { scrubbingStdout } from './logging/log-scrubber';
import { MatchAuditController } from './audit/match-audit.controller';
import { MatchClockController } from './audit/match-clock.controller';
import { CallerGuard } from './auth/caller.guard';
import { TIME_SOURCE } from './time-source';
import { AppParts } from './compose-parts';
import { LiveFeedHub } from './feed/live-feed-hub';
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
import { LOG_READER, LOG_SEQUENCER, RECEIPT_LOGGER, ROUND_CLOSER, ROUND_LOG } from './ledger/log-parts';
import { RoundLogController } from './ledger/round-log.controller';
import { LogSequencerRunning } from './ledger/log-sequencer-running';
import { API_CONFIG, CATALOG_DB, CATALOG_PROJECTOR, EVENT_STORE, STATS_PROJECTOR, LIVE_FEEDS, LOG_CONSUMER, REPLAY_CONVERTER, SIGNING_KEY, START_PROGRESS } from './injection-keys';

class ClosesParts implements OnApplicationShutdown {
  constructor(
    @Inject(CATALOG_PROJECTOR) private readonly projector: CatalogProjector,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CATALOG_DB) private readonly catalog: CatalogDb,
    @Inject(STATS_PROJECTOR) private readonly stats: StatsProjector,
    @Inject(REPLAY_CONVERTER) private readonly conversions: ReplayConversions,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.conversions.close();
    await this.projector.stop();
    await this.stats.stop();
    await this.store.close();
    await this.catalog.destroy();
  }
}

const logLevel = () => process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info');
/** One log line per request at info and below; above that, request logging costs nothing. */
const logsRequests = () => ['trace', 'debug', 'info'].includes(logLevel());

@Module({})
export class AppModule {
  /** The API over the parts built outside Nest (compose-parts.ts), so tests can build their own: the module only provides them. */
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
        { provide: STATS_PROJECTOR, useValue: parts.stats },
        { provide: LOG_CONSUMER, useValue: parts.consumer },
        { provide: START_PROGRESS, useValue: parts.start ?? { caughtUp: true } },
        { provide: SIGNING_KEY, useValue: parts.signingKey },
        { provide: TIME_SOURCE, useValue: parts.time },
        { provide: REPLAY_CONVERTER, useValue: parts.conversions },
        { provide: LIVE_FEEDS, useValue: parts.feeds },
        { provide: MatchModels, useValue: parts.core.models },
        { provide: MatchWriter, useValue: parts.core.writer },
        { provide: MatchReader, useValue: parts.core.reader },
        { provide: MatchIntegrity, useValue: parts.core.integrity },
        { provide: MatchAudit, useValue: parts.core.audits },
        { provide: MatchClocks, useValue: parts.core.clocks },
        { provide: Authenticator, useValue: parts.core.authenticator },
        { provide: RoundResultsReader, useValue: parts.core.results },
        { provide: StatsReader, useValue: parts.core.stats },
        { provide: JudgeDesk, useValue: parts.core.desk },
        { provide: ReplayImports, useValue: parts.core.imports },
        { provide: APP_GUARD, useClass: CallerGuard },
        { provide: LOG_SEQUENCER, useValue: parts.log.sequencer },
        { provide: LOG_READER, useValue: parts.log.reader },
        { provide: ROUND_CLOSER, useValue: parts.log.roundCloser },
        { provide: ROUND_LOG, useValue: parts.log.roundLog },
        { provide: RECEIPT_LOGGER, useValue: parts.log.receipts },
        LogSequencerRunning,
        LiveFeedHub,
        ClosesParts,
      ],
    };
  }
}

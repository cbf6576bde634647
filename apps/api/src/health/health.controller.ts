import { CatalogProjector, StatsProjector } from '@matchlog/catalog';
import { EventStore, LogConsumer } from '@matchlog/store';
import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { Returns } from '../openapi/response-schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiConfig } from '../config/config';
import { API_CONFIG, CATALOG_PROJECTOR, EVENT_STORE, LOG_CONSUMER, STATS_PROJECTOR, START_PROGRESS } from '../injection-keys';
import { Caller, Readiness, readinessForAnyone, readinessOf } from '@matchlog/matches';
import { CurrentCaller } from '../auth/caller.guard';
import { ApiOptionalToken } from '../openapi/security.decorators';
import { lanBases } from '../public-addresses';

/** The instance is up: the store it uses and, for the organizer key, the catalog's position in the log. */
export interface Health {
  readonly status: 'ok';
  readonly store: string;
  /** the organizer key's only: a log position moves with every write, which no one else is told of */
  readonly catalogPosition?: number;
  /** the organizer key's only: MATCHLOG_PUBLIC_URL, the address links and QR codes carry, when it is set */
  readonly publicUrl?: string;
  /** the organizer key's only: this machine's LAN addresses on the port the request came in on (http://192.168.1.20:3000), where phones at the venue open it */
  readonly lanAddresses?: string[];
}

/**
 * Whether the instance can serve, and why not (anyone may ask: no file name, no event's content, no
 * log position). The organizer key reads the catalog's position and lag, and each skipped event's position, too.
 */
export interface ReadyAnswer {
  readonly status: 'ready' | 'not ready';
  readonly store: string;
  /** why not ready, one sentence each */
  readonly reasons: string[];
  /** the organizer key's only */
  readonly catalog?: Readiness['catalog'];
  /** the organizer key's only: the statistics' position and lag (they never make the instance unready) */
  readonly stats?: Readiness['stats'];
  /** events a projection could not apply (the latest 100 since the instance started); position: the organizer key's only */
  readonly skipped: readonly (Omit<Readiness['skipped'][number], 'position'> & { readonly position?: number })[];
}

/** Seconds a client or load balancer should wait before asking again when not ready. */
const RETRY_AFTER_SECONDS = 5;

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(CATALOG_PROJECTOR) private readonly projector: CatalogProjector,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LOG_CONSUMER) private readonly consumer: LogConsumer,
    @Inject(STATS_PROJECTOR) private readonly stats: StatsProjector | null,
    @Inject(START_PROGRESS) private readonly start: { readonly caughtUp: boolean },
  ) {}

  @Get()
  @ApiOptionalToken()
  @ApiOperation({
    summary:
      'Liveness (the process answers), the store in use and, for the organizer key, how far the catalog has read the log and the addresses phones open this server at (MATCHLOG_PUBLIC_URL, the LAN addresses)',
  })
  @Returns(200, 'Health')
  @ApiErrors()
  health(@CurrentCaller() caller: Caller, @Req() request: FastifyRequest): Health {
    if (caller.kind !== 'organizer') return { status: 'ok', store: this.config.store };
    return {
      status: 'ok',
      store: this.config.store,
      catalogPosition: this.projector.caughtUpPosition,
      ...(this.config.publicUrl !== undefined && { publicUrl: this.config.publicUrl }),
      lanAddresses: lanBases(request.socket.localPort ?? this.config.port),
    };
  }

  @Get('ready')
  @ApiOptionalToken()
  @ApiOperation({
    summary:
      'Readiness: 200 when the instance has caught up with the log since it started, the event store answers and the catalog keeps up with the log; 503 with the reasons otherwise',
    description: "The catalog's position and lag, and skipped events' positions, are the organizer key's only: a log position moves with every write.",
  })
  @Returns(200, 'ReadyAnswer')
  @ApiErrors()
  @Returns(503, 'ReadyAnswer', 'not ready: the reasons, with Retry-After')
  async ready(@CurrentCaller() caller: Caller, @Res({ passthrough: true }) reply: FastifyReply): Promise<ReadyAnswer> {
    const readiness = await readinessOf(this.store, this.projector, this.consumer, this.stats ?? undefined, this.start);
    if (!readiness.ready) reply.status(503).header('Retry-After', String(RETRY_AFTER_SECONDS));
    const status = readiness.ready ? 'ready' : 'not ready';
    if (caller.kind === 'organizer') {
      const { reasons, catalog, stats, skipped } = readiness;
      return { status, store: this.config.store, reasons, catalog, ...(stats && { stats }), skipped };
    }
    const { reasons, skipped } = readinessForAnyone(readiness);
    return { status, store: this.config.store, reasons, skipped };
  }
}

import { CatalogFeeder } from '@matchlog/catalog';
import { EventStore, LogConsumer } from '@matchlog/store';
import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { Returns } from '../openapi/response-schemas';
import type { FastifyReply } from 'fastify';
import { ApiConfig } from '../config/config';
import { API_CONFIG, CATALOG_FEEDER, EVENT_STORE, LOG_CONSUMER } from '../tokens';
import { Readiness, readinessOf } from '@matchlog/matches';

/** The instance is up: the store it uses and the catalog's position in the log. */
export interface Health {
  readonly status: 'ok';
  readonly store: string;
  readonly catalogPosition: number;
}

/** Whether the instance can serve, and why not (anyone may ask: no file name, no event's content). */
export interface ReadyAnswer extends Omit<Readiness, 'ready'> {
  readonly status: 'ready' | 'not ready';
  readonly store: string;
}

/** Seconds a client or load balancer should wait before asking again when not ready. */
const RETRY_AFTER_SECONDS = 5;

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(CATALOG_FEEDER) private readonly feeder: CatalogFeeder,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LOG_CONSUMER) private readonly consumer: LogConsumer,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Liveness (the process answers), the store in use and how far the catalog has read the log' })
  @Returns(200, 'Health')
  @ApiErrors()
  health(): Health {
    return { status: 'ok', store: this.config.store, catalogPosition: this.feeder.caughtUpPosition };
  }

  @Get('ready')
  @ApiOperation({ summary: 'Readiness: 200 when the event store answers and the catalog keeps up with the log; 503 with the reasons otherwise' })
  @Returns(200, 'ReadyAnswer')
  @ApiErrors()
  @Returns(503, 'ReadyAnswer', 'not ready: the reasons, with Retry-After')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadyAnswer> {
    const { ready, reasons, catalog, skipped } = await readinessOf(this.store, this.feeder, this.consumer);
    if (!ready) reply.status(503).header('Retry-After', String(RETRY_AFTER_SECONDS));
    return { status: ready ? 'ready' : 'not ready', store: this.config.store, reasons, catalog, skipped };
  }
}

import { CatalogFeeder } from '@matchlog/catalog';
import { EventStore } from '@matchlog/store';
import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { ref } from '../openapi/response-schemas';
import type { FastifyReply } from 'fastify';
import { ApiConfig } from '../config/config';
import { API_CONFIG, CATALOG_FEEDER, EVENT_STORE } from '../tokens';
import { readinessOf } from '@matchlog/matches';

/** Seconds a client or load balancer should wait before asking again when not ready. */
const RETRY_AFTER_SECONDS = 5;

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(CATALOG_FEEDER) private readonly feeder: CatalogFeeder,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Liveness (the process answers), the store in use and how far the catalog has read the log' })
  @ApiOkResponse({ schema: ref('Health') })
  @ApiErrors()
  health() {
    return { status: 'ok', store: this.config.store, catalogPosition: this.feeder.caughtUpPosition };
  }

  @Get('ready')
  @ApiOperation({ summary: 'Readiness: 200 when the event store answers and the catalog keeps up with the log; 503 with the reasons otherwise' })
  @ApiOkResponse({ schema: ref('Readiness') })
  @ApiErrors()
  @ApiServiceUnavailableResponse({ description: 'not ready: the reasons, with Retry-After', schema: ref('Readiness') })
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const { ready, reasons, catalog, skipped } = await readinessOf(this.store, this.feeder, this.feeder.consumer);
    if (!ready) reply.status(503).header('Retry-After', String(RETRY_AFTER_SECONDS));
    return { status: ready ? 'ready' : 'not ready', store: this.config.store, reasons, catalog, skipped };
  }
}

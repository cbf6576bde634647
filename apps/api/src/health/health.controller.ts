import { CatalogFeeder } from '@matchlog/catalog';
import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiConfig } from '../config/config';
import { API_CONFIG, CATALOG_FEEDER } from '../tokens';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(CATALOG_FEEDER) private readonly feeder: CatalogFeeder,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Liveness, the store in use and how far the catalog has read the log' })
  health() {
    return { status: 'ok', store: this.config.store, catalogPosition: this.feeder.caughtUpPosition };
  }
}

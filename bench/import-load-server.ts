import 'reflect-metadata';
import { convertInProcess } from '@matchlog/matches';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { AppModule } from '../apps/api/src/app.module';
import { configFromEnv } from '../apps/api/src/config/config';
import { configureApp, httpAdapterFor } from '../apps/api/src/configure-app';
import { openParts } from '../apps/api/src/open-parts';
import { REPLAY_CONVERTER } from '../apps/api/src/injection-keys';

/**
 * The API for bench/import-load.bench.ts, from the sources: as main.ts serves it, except that BENCH_CONVERSION=in-process
 * converts each tcg.online upload on the event loop, as the import did before its conversion processes (the baseline).
 */
const main = async () => {
  const config = configFromEnv();
  const parts = await openParts(config);
  const builder = Test.createTestingModule({ imports: [AppModule.with(parts)] });
  if (process.env.BENCH_CONVERSION === 'in-process') builder.overrideProvider(REPLAY_CONVERTER).useValue(convertInProcess);
  const module = await builder.compile();
  const app = configureApp(module.createNestApplication<NestFastifyApplication>(httpAdapterFor(config), { bufferLogs: true }), config);
  app.enableShutdownHooks();
  await app.listen(config.port, '127.0.0.1');
};

void main();

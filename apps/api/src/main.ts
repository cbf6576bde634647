import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { configFromEnv } from './config/config';
import { configureApp } from './configure-app';
import { enableGracefulShutdown } from './graceful-shutdown';
import { openParts } from './open-parts';

const bootstrap = async () => {
  const config = configFromEnv();
  const parts = await openParts(config);
  const app = configureApp(await NestFactory.create<NestExpressApplication>(AppModule.with(parts), { bufferLogs: true }), config);
  enableGracefulShutdown(app, (message) => app.get(Logger).log(message));
  await app.listen(config.port);
  const logger = app.get(Logger);
  logger.log(`matchlog listening on http://localhost:${config.port} (OpenAPI at /docs), store: ${config.store}, data: ${config.dataDir}`);
  if (config.organizerKeyFile) logger.log(`organizer key: in ${config.organizerKeyFile} (set MATCHLOG_ORGANIZER_KEY to choose your own)`);
};

void bootstrap();

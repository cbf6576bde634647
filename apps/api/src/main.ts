import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { publicJwkOf } from '@matchlog/audit';
import { KeyObject } from 'crypto';
import { AddressInfo } from 'net';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { configFromEnv } from './config/config';
import { configureApp, httpAdapterFor } from './configure-app';
import { enableGracefulShutdown } from './graceful-shutdown';
import { openParts } from './open-parts';
import { failureReport } from './failure-report';
import { collectWhenIdle } from './idle-collector';
import { publicAddresses } from './public-addresses';
import { startLine } from './start-line';
import { SIGNING_KEY } from './tokens';

const bootstrap = async () => {
  const config = configFromEnv();
  const parts = await openParts(config);
  const app = configureApp(await NestFactory.create<NestFastifyApplication>(AppModule.with(parts), httpAdapterFor(config), { bufferLogs: true }), config);
  enableGracefulShutdown(app, (message) => app.get(Logger).log(message));
  // every interface, IPv4 and IPv6, as Node's own default (Fastify's is localhost only)
  await app.listen(config.port, '::');
  const logger = app.get(Logger);
  const port = (app.getHttpServer().address() as AddressInfo).port;
  logger.log(startLine(config, port, publicAddresses(config.publicUrl, port)));
  collectWhenIdle();
  const signing = publicJwkOf(app.get<KeyObject>(SIGNING_KEY));
  logger.debug(
    `chain heads signed with key ${signing.kid} (GET /.well-known/jwks.json), from ${config.signingKeyFile ?? `${config.dataDir}/signing-key.pem (set MATCHLOG_SIGNING_KEY_FILE to share one key between instances)`}`,
  );
};

bootstrap().catch((error: unknown) => {
  process.stderr.write(`matchlog cannot start: ${failureReport(error)}\n`);
  process.exit(1);
});

import { publicJwkOf } from '@matchlog/audit';
import { NestFactory } from '@nestjs/core';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AddressInfo } from 'net';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { ApiConfig } from './config/config';
import { configureApp, httpAdapterFor } from './configure-app';
import { enableGracefulShutdown } from './graceful-shutdown';
import { catchUpParts, composedParts } from './open-parts';
import { publicAddresses } from './public-addresses';
import { startLine } from './start-line';

/**
 * The server: its stores opened (waiting a while for one that cannot be reached), listening, and only then caught up
 * with the log, however long it is: /health answers at once, /health/ready is 503 until the catch-up is done.
 * `beforeCatchUp`: a test's hold on the catch-up. Rejects, the app closed, if the stores cannot be opened or the catch-up fails.
 */
export const serve = async (config: ApiConfig, hooks: { readonly beforeCatchUp?: () => Promise<void> } = {}): Promise<NestFastifyApplication> => {
  const start = { caughtUp: false };
  const parts = { ...(await composedParts(config, { log: (line) => process.stderr.write(`matchlog: ${line}\n`) })), start };
  const app = configureApp(await NestFactory.create<NestFastifyApplication>(AppModule.with(parts), httpAdapterFor(config), { bufferLogs: true }), config);
  const logger = app.get(Logger);
  enableGracefulShutdown(app, (message) => logger.log(message));
  try {
    // every interface, IPv4 and IPv6, as Node's own default (Fastify's is localhost only)
    await app.listen(config.port, '::');
    const port = (app.getHttpServer().address() as AddressInfo).port;
    logger.log(startLine(config, port, publicAddresses(config.publicUrl, port)));
    await hooks.beforeCatchUp?.();
    await catchUpParts(parts, config, (line) => logger.warn(line));
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  start.caughtUp = true;
  logger.debug('caught up with the log: ready (GET /health/ready)');
  const signing = publicJwkOf(parts.signingKey);
  logger.debug(
    `chain heads signed with key ${signing.kid} (GET /.well-known/jwks.json), from ${config.signingKeyFile ?? `${config.dataDir}/signing-key.pem (set MATCHLOG_SIGNING_KEY_FILE to share one key between instances)`}`,
  );
  return app;
};

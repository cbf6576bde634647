import { INestApplication } from '@nestjs/common';
import { IncomingMessage, Server, ServerResponse } from 'http';

export const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT'] as const;
export const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * On SIGTERM or SIGINT: stop accepting connections, let the requests in flight finish (an append
 * acknowledged is an append stored), close the event store and the catalog (AppModule's shutdown
 * hook), exit 0. Past SHUTDOWN_DEADLINE_MS, exit 1.
 *
 * Keep-alive clients would hold the server open forever (a busy connection is never idle when
 * `server.close()` looks), so from the signal on every response says `Connection: close` and
 * connections are closed as soon as they fall idle.
 */
export const enableGracefulShutdown = (app: INestApplication, log: (message: string) => void): void => {
  app.enableShutdownHooks([...SHUTDOWN_SIGNALS], { useProcessExit: true });
  const server: Server = app.getHttpServer();
  const onSignal = (signal: NodeJS.Signals) => {
    SHUTDOWN_SIGNALS.forEach((s) => process.removeListener(s, onSignal));
    log(`${signal}: finishing the requests in flight, then closing the stores`);
    server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => res.setHeader('connection', 'close'));
    setInterval(() => server.closeIdleConnections(), 50).unref();
    setTimeout(() => {
      console.error(`matchlog: shutdown took more than ${SHUTDOWN_DEADLINE_MS / 1000} s; exiting with code 1`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
  };
  SHUTDOWN_SIGNALS.forEach((s) => process.once(s, onSignal));
};

import { join } from 'path';
import { AppParts } from '../../src/app.module';
import { CATALOG_DB, CATALOG_PROJECTOR, EVENT_STORE, LOG_CONSUMER } from '../../src/tokens';
import { TestApp, startTestApp } from './test-app';

/** `target` with `method` doing nothing: the parts the first instance owns, which only it may close. */
const without = <T extends object>(target: T, method: string): T =>
  new Proxy(target, {
    get: (object, property) => {
      if (property === method) return async () => undefined;
      const value = Reflect.get(object, property, object);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });

/**
 * Another API instance in this process over the first one's event store, catalog and signing key:
 * its own Nest app, so its own replay cache, as a second process on a shared engine would have.
 * Close it before the first.
 */
export const startSecondInstance = (first: TestApp): Promise<TestApp> =>
  startTestApp({ signingKeyFile: join(first.dataDir, 'signing-key.pem') }, async (config): Promise<AppParts> => ({
    config,
    store: without(first.app.get(EVENT_STORE), 'close'),
    catalog: without(first.app.get(CATALOG_DB), 'destroy'),
    projector: without(first.app.get(CATALOG_PROJECTOR), 'stop'),
    consumer: without(first.app.get(LOG_CONSUMER), 'stop'),
  }));

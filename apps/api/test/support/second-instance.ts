import { join } from 'path';
import { CATALOG_DB, EVENT_STORE } from '../../src/injection-keys';
import { openParts } from '../../src/open-parts';
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
 * Another API instance in this process over the first one's event store, catalog and signing key: its own parts
 * (projections, models, tokens, live feeds, log consumer), as a second process on a shared engine would have.
 * Close it before the first.
 */
export const startSecondInstance = (first: TestApp): Promise<TestApp> =>
  startTestApp({ signingKeyFile: join(first.dataDir, 'signing-key.pem') }, (config) =>
    openParts(config, { stores: async () => ({ store: without(first.app.get(EVENT_STORE), 'close'), catalog: without(first.app.get(CATALOG_DB), 'destroy') }) }),
  );

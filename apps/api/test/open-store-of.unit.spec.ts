import { ConfigError } from '../src/config/config-error';
import { ApiConfig } from '../src/config/config';
import { openStoreOf } from '../src/open-parts';

// the store opens from the configuration parsed once (config.ts), never from the environment again
describe('openStoreOf', () => {
  it('refuses MATCHLOG_STORE=eventstoredb without a connection string, naming the variable, before any connection', async () => {
    const config = { store: 'eventstoredb', dataDir: '/nonexistent', catalog: { kind: 'sqlite' } } as unknown as ApiConfig;
    const opening = openStoreOf(config);
    await expect(opening).rejects.toBeInstanceOf(ConfigError);
    await expect(opening).rejects.toThrow('MATCHLOG_STORE=eventstoredb needs EVENTSTORE_CONNECTION_STRING');
  });

  it('reads nothing from the environment: a MATCHLOG_STORE set there does not change the store the configuration names', async () => {
    const saved = process.env.MATCHLOG_STORE;
    process.env.MATCHLOG_STORE = 'eventstoredb';
    try {
      const config = { store: 'eventstoredb', dataDir: '/nonexistent', eventStoreConnectionString: undefined, catalog: { kind: 'sqlite' } } as unknown as ApiConfig;
      process.env.EVENTSTORE_CONNECTION_STRING = 'esdb://localhost:2113?tls=false';
      await expect(openStoreOf(config)).rejects.toThrow('needs EVENTSTORE_CONNECTION_STRING');
    } finally {
      if (saved === undefined) delete process.env.MATCHLOG_STORE;
      else process.env.MATCHLOG_STORE = saved;
      delete process.env.EVENTSTORE_CONNECTION_STRING;
    }
  });
});

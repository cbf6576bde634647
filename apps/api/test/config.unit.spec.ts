import { configFromEnv } from '../src/config/config';
import { ConfigError } from '../src/config/config-error';
import { MIN_ORGANIZER_KEY_LENGTH, organizerKeyProblem } from '../src/config/organizer-key';

const GOOD = 'k3Jx9vQ2mB7tLw4pZr8sYc1nHf6dGa0eUq5iXo2Vb8M=';

describe('organizer key rule', () => {
  it.each([
    ['x', /too short \(1 characters; at least 32/],
    ['change-me', /too short/],
    ['a'.repeat(MIN_ORGANIZER_KEY_LENGTH - 1), /too short/],
    ['change-me-change-me-change-me-change-me', /placeholder/],
    ['REPLACE_ME_WITH_A_REAL_KEY_BEFORE_DEPLOYING', /placeholder/],
    ['your-key-here-your-key-here-your-key-here', /placeholder/],
    ['a'.repeat(64), /too few characters/],
    ['abababababababababababababababab', /too few characters/],
  ])('refuses %s', (key, problem) => expect(organizerKeyProblem(key)).toMatch(problem));

  it.each([GOOD, 'mlo_Qm2Zc8vUu3kTqYk0b1Y4m6l9YqV1xN2ZrSdJ', '9f86d081884c7d659a2feaa0c55ad015'])('accepts %s', (key) => expect(organizerKeyProblem(key)).toBeNull());
});

describe('configFromEnv', () => {
  it('takes a good MATCHLOG_ORGANIZER_KEY as it is', () => {
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD })).toMatchObject({ organizerKey: GOOD, organizerKeyFile: null, port: 3000, store: 'sqlite' });
  });

  it('refuses a weak MATCHLOG_ORGANIZER_KEY with a ConfigError that says how to make one and never repeats the key', () => {
    const read = () => configFromEnv({ MATCHLOG_ORGANIZER_KEY: 'change-me' });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(/MATCHLOG_ORGANIZER_KEY is too short \(9 characters; at least 32 are needed\)/);
    expect(read).toThrow(/openssl rand -base64 32/);
    expect(read).toThrow(/randomBytes\(32\)/);
    expect(read).not.toThrow(/change-me/);
  });

  it('on a store instances may share, refuses to start without the shared organizer and signing keys rather than generate its own', () => {
    const cluster = { MATCHLOG_STORE: 'eventstoredb', MATCHLOG_DATA_DIR: '/nonexistent/matchlog' };
    expect(() => configFromEnv(cluster)).toThrow(ConfigError);
    expect(() => configFromEnv(cluster)).toThrow(
      /MATCHLOG_STORE=eventstoredb .*set MATCHLOG_ORGANIZER_KEY and MATCHLOG_SIGNING_KEY_FILE .*openssl rand -base64 32.*openssl genpkey -algorithm ed25519/,
    );
    expect(() => configFromEnv({ ...cluster, MATCHLOG_ORGANIZER_KEY: GOOD })).toThrow(/set MATCHLOG_SIGNING_KEY_FILE \(/);
    expect(() => configFromEnv({ ...cluster, MATCHLOG_SIGNING_KEY_FILE: '/keys/signing.pem' })).toThrow(/set MATCHLOG_ORGANIZER_KEY \(/);
    expect(configFromEnv({ ...cluster, MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_SIGNING_KEY_FILE: '/keys/signing.pem' })).toMatchObject({
      organizerKey: GOOD,
      organizerKeyFile: null,
      signingKeyFile: '/keys/signing.pem',
    });
  });

  it('reads MATCHLOG_REPLAY_CACHE_EVENTS as a number of events; anything else is refused, naming it', () => {
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD }).replayCacheEvents).toBeUndefined();
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_REPLAY_CACHE_EVENTS: '500000' }).replayCacheEvents).toBe(500_000);
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_REPLAY_CACHE_EVENTS: '2_000_000' }).replayCacheEvents).toBe(2_000_000);
    for (const bad of ['', 'lots', '-1', '1.5', '2e99']) {
      expect(() => configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_REPLAY_CACHE_EVENTS: bad })).toThrow(/MATCHLOG_REPLAY_CACHE_EVENTS must be a number of events/);
    }
  });

  it('reads the import limits (MATCHLOG_IMPORT_TIME_LIMIT_MS, _MEMORY_LIMIT, _CONCURRENCY), each defaulting safely; anything else is refused, naming it', () => {
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD }).importLimits).toEqual({ timeMs: 10_000, memoryBytes: 256 * 1024 * 1024, concurrency: 1 });
    expect(
      configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_IMPORT_TIME_LIMIT_MS: '2_500', MATCHLOG_IMPORT_MEMORY_LIMIT: '1gb', MATCHLOG_IMPORT_CONCURRENCY: '2' }).importLimits,
    ).toEqual({ timeMs: 2500, memoryBytes: 1024 ** 3, concurrency: 2 });
    for (const [name, bad] of [
      ['MATCHLOG_IMPORT_TIME_LIMIT_MS', '0'],
      ['MATCHLOG_IMPORT_TIME_LIMIT_MS', '1.5'],
      ['MATCHLOG_IMPORT_MEMORY_LIMIT', '16mb'],
      ['MATCHLOG_IMPORT_MEMORY_LIMIT', 'lots'],
      ['MATCHLOG_IMPORT_CONCURRENCY', '0'],
      ['MATCHLOG_IMPORT_CONCURRENCY', ''],
    ])
      expect(() => configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, [name]: bad })).toThrow(new RegExp(`${name} must be`));
  });

  it('reads MATCHLOG_TOKEN_CACHE as a number of tokens, at least 1; anything else is refused, naming it', () => {
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD }).tokenCache).toBeUndefined();
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_TOKEN_CACHE: '200_000' }).tokenCache).toBe(200_000);
    for (const bad of ['', 'lots', '0', '-1', '1.5']) {
      expect(() => configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_TOKEN_CACHE: bad })).toThrow(/MATCHLOG_TOKEN_CACHE must be a number of tokens/);
    }
  });

  it('reads MATCHLOG_START_WAIT_SECONDS as whole seconds, 0 for no wait, 60 unset; anything else is refused, naming it', () => {
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD }).startWaitSeconds).toBe(60);
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_START_WAIT_SECONDS: '0' }).startWaitSeconds).toBe(0);
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_START_WAIT_SECONDS: '120' }).startWaitSeconds).toBe(120);
    for (const bad of ['', 'long', '-1', '1.5']) {
      expect(() => configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_START_WAIT_SECONDS: bad })).toThrow(/MATCHLOG_START_WAIT_SECONDS must be a whole number of seconds/);
    }
  });

  it('reads MATCHLOG_SNAPSHOT_EVERY as a number of events, 0 for none; anything else is refused, naming it', () => {
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD }).snapshotEvery).toBeUndefined();
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_SNAPSHOT_EVERY: '500' }).snapshotEvery).toBe(500);
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_SNAPSHOT_EVERY: '0' }).snapshotEvery).toBe(0);
    for (const bad of ['', 'often', '-1', '1.5']) {
      expect(() => configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_SNAPSHOT_EVERY: bad })).toThrow(/MATCHLOG_SNAPSHOT_EVERY must be a number of events/);
    }
  });

  it('reads MATCHLOG_SLOW_TURN_SECONDS as a positive whole number of seconds, 180 when unset; anything else is refused, naming it', () => {
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD }).slowTurnSeconds).toBe(180);
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_SLOW_TURN_SECONDS: '240' }).slowTurnSeconds).toBe(240);
    for (const bad of ['', ' ', 'slow', '0', '-5', '1.5', '2e99', '3m']) {
      expect(() => configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_SLOW_TURN_SECONDS: bad })).toThrow(ConfigError);
      expect(() => configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_SLOW_TURN_SECONDS: bad })).toThrow(/MATCHLOG_SLOW_TURN_SECONDS must be a whole number of seconds/);
    }
  });

  it("reads MATCHLOG_PENALTY_CATEGORIES as the organizer's categories, comma-separated and trimmed; unset, the core's default; an empty name is refused", () => {
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD }).penaltyCategories).toBeUndefined();
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_PENALTY_CATEGORIES: ' Warning , Game Loss,Warning' }).penaltyCategories).toEqual(['Warning', 'Game Loss']);
    for (const bad of ['', ' ', 'Warning,,Game Loss', 'x'.repeat(61)])
      expect(() => configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_PENALTY_CATEGORIES: bad })).toThrow(
        /MATCHLOG_PENALTY_CATEGORIES must be penalty names separated by commas/,
      );
  });

  it('refuses an unknown store or port with a ConfigError too', () => {
    expect(() => configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_STORE: 'mysql' })).toThrow(ConfigError);
    expect(() => configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, PORT: 'http' })).toThrow(ConfigError);
  });

  it('reads MATCHLOG_CORS_ORIGINS: any origin by default or with *, else the listed origins; a path or a bare host is refused', () => {
    const read = (value?: string) => configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, ...(value !== undefined && { MATCHLOG_CORS_ORIGINS: value }) }).corsOrigins;
    expect(read()).toBe('*');
    expect(read('*')).toBe('*');
    expect(read(' https://viewer.example.org , http://localhost:5173 ')).toEqual(['https://viewer.example.org', 'http://localhost:5173']);
    expect(() => read('https://viewer.example.org/app')).toThrow(/MATCHLOG_CORS_ORIGINS .*"https:\/\/viewer.example.org\/app" is not one/);
    expect(() => read('viewer.example.org')).toThrow(ConfigError);
  });

  it('reads MATCHLOG_PUBLIC_URL, the address links and QR codes carry: unset by default (the LAN addresses then), without a trailing slash; anything else is refused, naming it', () => {
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD }).publicUrl).toBeUndefined();
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_PUBLIC_URL: '' }).publicUrl).toBeUndefined();
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_PUBLIC_URL: 'https://matchlog.example.org/' }).publicUrl).toBe('https://matchlog.example.org');
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_PUBLIC_URL: 'http://192.168.1.20:3000' }).publicUrl).toBe('http://192.168.1.20:3000');
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_PUBLIC_URL: 'https://example.org/matchlog/' }).publicUrl).toBe('https://example.org/matchlog');
    for (const wrong of ['matchlog.example.org', 'ftp://example.org', 'https://example.org/?a=1', 'https://user:pw@example.org', 'https://example.org/#x'])
      expect(() => configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_PUBLIC_URL: wrong })).toThrow(/^MATCHLOG_PUBLIC_URL must be/);
  });

  it('refuses a MATCHLOG_BODY_LIMIT that is not a size', () => {
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_BODY_LIMIT: '64kb' }).bodyLimit).toBe('64kb');
    expect(() => configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_BODY_LIMIT: 'lots' })).toThrow(/MATCHLOG_BODY_LIMIT must be a size/);
  });

  it('reads MATCHLOG_REPLAY_LIMIT (8mb unset), and refuses one that is not a size', () => {
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD }).replayLimit).toBe('8mb');
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_REPLAY_LIMIT: '2mb' }).replayLimit).toBe('2mb');
    expect(() => configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_REPLAY_LIMIT: 'huge' })).toThrow(/MATCHLOG_REPLAY_LIMIT must be a size/);
  });

  describe('where the events and the read models are', () => {
    const URL = 'postgres://matchlog:s3cret-password@db:5432/matchlog';
    const read = (env: NodeJS.ProcessEnv) => {
      const { store, databaseUrl, catalog } = configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_SIGNING_KEY_FILE: '/run/secrets/signing-key.pem', ...env });
      return { store, databaseUrl, catalog };
    };

    it('SQLite for both by default', () => {
      expect(read({})).toEqual({ store: 'sqlite', databaseUrl: undefined, catalog: { kind: 'sqlite' } });
    });

    it('MATCHLOG_STORE=postgres: the events in MATCHLOG_DATABASE_URL, and the read models too unless MATCHLOG_CATALOG_URL names another database', () => {
      expect(read({ MATCHLOG_STORE: 'postgres', MATCHLOG_DATABASE_URL: URL })).toEqual({ store: 'postgres', databaseUrl: URL, catalog: { kind: 'postgres', url: URL } });
      const other = 'postgresql://reader@replica/catalog';
      expect(read({ MATCHLOG_STORE: 'postgres', MATCHLOG_DATABASE_URL: URL, MATCHLOG_CATALOG_URL: other }).catalog).toEqual({ kind: 'postgres', url: other });
    });

    it('MATCHLOG_STORE=eventstoredb may keep its read models in PostgreSQL (MATCHLOG_CATALOG_URL), and SQLite may too', () => {
      const esdb = { MATCHLOG_STORE: 'eventstoredb', EVENTSTORE_CONNECTION_STRING: 'esdb://localhost:2113?tls=false' };
      expect(read(esdb).catalog).toEqual({ kind: 'sqlite' });
      expect(read({ ...esdb, MATCHLOG_CATALOG_URL: URL }).catalog).toEqual({ kind: 'postgres', url: URL });
      expect(read({ MATCHLOG_CATALOG_URL: URL })).toEqual({ store: 'sqlite', databaseUrl: undefined, catalog: { kind: 'postgres', url: URL } });
    });

    it('refuses what cannot work with a ConfigError naming the variable, and never repeats a URL, which may hold a password', () => {
      const refusals: [NodeJS.ProcessEnv, RegExp][] = [
        [{ MATCHLOG_STORE: 'postgres' }, /MATCHLOG_STORE=postgres needs MATCHLOG_DATABASE_URL/],
        [{ MATCHLOG_STORE: 'postgres', MATCHLOG_DATABASE_URL: 'db:5432/s3cret-password' }, /MATCHLOG_DATABASE_URL must be a PostgreSQL URL .*its scheme is db:/],
        [{ MATCHLOG_STORE: 'postgres', MATCHLOG_DATABASE_URL: 's3cret-password' }, /MATCHLOG_DATABASE_URL must be a PostgreSQL URL .*not a URL/],
        [{ MATCHLOG_CATALOG_URL: 'mysql://u:s3cret-password@h/c' }, /MATCHLOG_CATALOG_URL must be a PostgreSQL URL .*its scheme is mysql:/],
        [{ MATCHLOG_DATABASE_URL: URL }, /MATCHLOG_DATABASE_URL is read only with MATCHLOG_STORE=postgres, and MATCHLOG_STORE is sqlite/],
        [{ MATCHLOG_STORE: 'postgresql' }, /MATCHLOG_STORE must be sqlite, postgres or eventstoredb, not "postgresql"/],
      ];
      for (const [env, message] of refusals) {
        const error = (() => {
          try {
            read(env);
          } catch (thrown) {
            return thrown as Error;
          }
          throw new Error(`accepted ${JSON.stringify(env)}`);
        })();
        expect(error).toBeInstanceOf(ConfigError);
        expect(error.message).toMatch(message);
        expect(error.message).not.toContain('s3cret');
      }
    });
  });

  it('reads LOG_FORMAT (json or pretty); unset, pretty on a terminal and json otherwise; anything else is refused, naming it', () => {
    const env = { MATCHLOG_ORGANIZER_KEY: GOOD };
    expect(configFromEnv(env, true).logFormat).toBe('pretty');
    expect(configFromEnv(env, false).logFormat).toBe('json');
    expect(configFromEnv({ ...env, LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(configFromEnv({ ...env, LOG_FORMAT: 'Pretty' }, false).logFormat).toBe('pretty');
    expect(() => configFromEnv({ ...env, LOG_FORMAT: 'text' })).toThrow(ConfigError);
    expect(() => configFromEnv({ ...env, LOG_FORMAT: 'text' })).toThrow(/LOG_FORMAT must be json or pretty .*not "text"/);
  });
});

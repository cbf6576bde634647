import { configFromEnv } from './config';
import { ConfigError } from './config-error';
import { MIN_ORGANIZER_KEY_LENGTH, organizerKeyProblem } from './organizer-key';

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

  it.each([GOOD, 'mlo_Qm2Zc8vUu3kTqYk0b1Y4m6l9YqV1xN2ZrSdJ', '9f86d081884c7d659a2feaa0c55ad015'])('accepts %s', (key) =>
    expect(organizerKeyProblem(key)).toBeNull(),
  );
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
    expect(() => configFromEnv(cluster)).toThrow(/MATCHLOG_STORE=eventstoredb .*set MATCHLOG_ORGANIZER_KEY and MATCHLOG_SIGNING_KEY_FILE .*openssl rand -base64 32.*openssl genpkey -algorithm ed25519/);
    expect(() => configFromEnv({ ...cluster, MATCHLOG_ORGANIZER_KEY: GOOD })).toThrow(/set MATCHLOG_SIGNING_KEY_FILE \(/);
    expect(() => configFromEnv({ ...cluster, MATCHLOG_SIGNING_KEY_FILE: '/keys/signing.pem' })).toThrow(/set MATCHLOG_ORGANIZER_KEY \(/);
    expect(configFromEnv({ ...cluster, MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_SIGNING_KEY_FILE: '/keys/signing.pem' })).toMatchObject({ organizerKey: GOOD, organizerKeyFile: null, signingKeyFile: '/keys/signing.pem' });
  });

  it('reads MATCHLOG_REPLAY_CACHE_EVENTS as a number of events; anything else is refused, naming it', () => {
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD }).replayCacheEvents).toBeUndefined();
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_REPLAY_CACHE_EVENTS: '500000' }).replayCacheEvents).toBe(500_000);
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_REPLAY_CACHE_EVENTS: '2_000_000' }).replayCacheEvents).toBe(2_000_000);
    for (const bad of ['', 'lots', '-1', '1.5', '2e99']) {
      expect(() => configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_REPLAY_CACHE_EVENTS: bad })).toThrow(/MATCHLOG_REPLAY_CACHE_EVENTS must be a number of events/);
    }
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

  it('refuses a MATCHLOG_BODY_LIMIT that is not a size', () => {
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_BODY_LIMIT: '64kb' }).bodyLimit).toBe('64kb');
    expect(() => configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_BODY_LIMIT: 'lots' })).toThrow(/MATCHLOG_BODY_LIMIT must be a size/);
  });
});

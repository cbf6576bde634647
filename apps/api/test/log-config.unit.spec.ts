import { configFromEnv } from '../src/config/config';
import { ConfigError } from '../src/config/config-error';

const GOOD = 'k3Jx9vQ2mB7tLw4pZr8sYc1nHf6dGa0eUq5iXo2Vb8M=';
const env = (more: NodeJS.ProcessEnv) => configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD, MATCHLOG_DATA_DIR: '/tmp/matchlog-log-config', ...more }, false);

describe('the log settings (MATCHLOG_LOG_INTERVAL, MATCHLOG_LOG_ORIGIN)', () => {
  it('default to a checkpoint every 5 s, and the origin <host of MATCHLOG_PUBLIC_URL, or localhost>/matchlog', () => {
    expect(env({})).toMatchObject({ logIntervalMs: 5000, logOrigin: 'localhost/matchlog' });
    expect(env({ MATCHLOG_PUBLIC_URL: 'https://log.example.org:8443/base' }).logOrigin).toBe('log.example.org:8443/matchlog');
    expect(env({ MATCHLOG_LOG_INTERVAL: '0.5', MATCHLOG_LOG_ORIGIN: 'example.org/tlog' })).toMatchObject({ logIntervalMs: 500, logOrigin: 'example.org/tlog' });
  });

  it.each([
    [{ MATCHLOG_LOG_INTERVAL: 'soon' }, /MATCHLOG_LOG_INTERVAL must be a number of seconds/],
    [{ MATCHLOG_LOG_INTERVAL: '0' }, /from 0.1 to 3600/],
    [{ MATCHLOG_LOG_ORIGIN: 'a+b' }, /MATCHLOG_LOG_ORIGIN must be one word with no "\+"/],
  ])('refuses %j', (more, message) => {
    expect(() => env(more)).toThrow(ConfigError);
    expect(() => env(more)).toThrow(message);
  });
});

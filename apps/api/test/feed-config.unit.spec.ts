import { configFromEnv } from '../src/config/config';
import { ConfigError } from '../src/config/config-error';

const read = (env: NodeJS.ProcessEnv) => configFromEnv({ MATCHLOG_ORGANIZER_KEY: 'k3Jx9vQ2mB7tLw4pZr8sYc1nHf6dGa0eUq5iXo2Vb8M=', ...env });

describe('configFromEnv: the live feed', () => {
  it('heartbeats every 15 s and cuts off a client past 256 kB unread by default; both can be set', () => {
    expect(read({})).toMatchObject({ feedHeartbeatMs: 15_000, feedMaxBuffered: '256kb' });
    expect(read({ MATCHLOG_FEED_HEARTBEAT_MS: '50', MATCHLOG_FEED_MAX_BUFFERED: '1mb' })).toMatchObject({ feedHeartbeatMs: 50, feedMaxBuffered: '1mb' });
  });

  it.each([
    [{ MATCHLOG_FEED_HEARTBEAT_MS: '0' }, /MATCHLOG_FEED_HEARTBEAT_MS must be a whole number of milliseconds/],
    [{ MATCHLOG_FEED_HEARTBEAT_MS: '15s' }, /MATCHLOG_FEED_HEARTBEAT_MS .*"15s"/],
    [{ MATCHLOG_FEED_MAX_BUFFERED: 'lots' }, /MATCHLOG_FEED_MAX_BUFFERED must be a size .*"lots"/],
  ])('refuses %j with a ConfigError naming the variable', (env, message) => {
    expect(() => read(env)).toThrow(ConfigError);
    expect(() => read(env)).toThrow(message);
  });
});

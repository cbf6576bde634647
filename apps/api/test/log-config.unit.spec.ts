import { SIGNATURE_TYPE_COSIGNATURE_V1, SIGNATURE_TYPE_ED25519, formatVerifierKey } from '@matchlog/ledger';
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

describe('the witnesses the log collects cosignatures from (MATCHLOG_WITNESSES, MATCHLOG_WITNESS_QUORUM)', () => {
  const W1 = formatVerifierKey('w1.example/witness', SIGNATURE_TYPE_COSIGNATURE_V1, Buffer.alloc(32, 1));
  const W2 = formatVerifierKey('w2.example/witness', SIGNATURE_TYPE_ED25519, Buffer.alloc(32, 2));

  it('default to none (each checkpoint published at once); list <url> <vkey> pairs, comma-separated, all of them the quorum unless told', () => {
    expect(env({})).not.toHaveProperty('logWitnesses');
    expect(env({ MATCHLOG_WITNESSES: ' ' })).not.toHaveProperty('logWitnesses');
    const two = `https://w1.example/witness ${W1}, http://10.0.0.2:3000/witness  ${W2}`;
    expect(env({ MATCHLOG_WITNESSES: two })).toMatchObject({
      logWitnesses: [
        { url: 'https://w1.example/witness', vkey: W1 },
        { url: 'http://10.0.0.2:3000/witness', vkey: W2 },
      ],
      logWitnessQuorum: 2,
    });
    expect(env({ MATCHLOG_WITNESSES: two, MATCHLOG_WITNESS_QUORUM: '1' }).logWitnessQuorum).toBe(1);
    expect(env({ MATCHLOG_WITNESSES: two, MATCHLOG_WITNESS_QUORUM: 'any' }).logWitnessQuorum).toBe(1);
    expect(env({ MATCHLOG_WITNESSES: two, MATCHLOG_WITNESS_QUORUM: 'all' }).logWitnessQuorum).toBe(2);
  });

  it.each([
    [{ MATCHLOG_WITNESSES: 'https://w1.example/witness' }, /MATCHLOG_WITNESSES must be "<url> <vkey>" pairs separated by commas, e.g. .*; witness 1 is/],
    [{ MATCHLOG_WITNESSES: `w1.example ${W1}` }, /witness 1's URL "w1.example" is not a URL/],
    [{ MATCHLOG_WITNESSES: `ftp://w1.example/ ${W1}` }, /must be http\(s\) with no query or fragment/],
    [{ MATCHLOG_WITNESSES: `https://w1.example/witness?token=x ${W1}` }, /must be http\(s\) with no query or fragment/],
    [{ MATCHLOG_WITNESSES: `https://w1.example/witness ${W1.slice(0, -4)}AAA=` }, /witness 1's key: /],
    [{ MATCHLOG_WITNESSES: `https://a.example/witness ${W1}, https://b.example/witness ${W1}` }, /lists one witness key twice/],
    [{ MATCHLOG_WITNESS_QUORUM: '1' }, /MATCHLOG_WITNESS_QUORUM is set but MATCHLOG_WITNESSES lists no witness/],
    [{ MATCHLOG_WITNESSES: `https://w1.example/witness ${W1}`, MATCHLOG_WITNESS_QUORUM: '2' }, /MATCHLOG_WITNESS_QUORUM must be all, any or a number from 1 to 1/],
    [{ MATCHLOG_WITNESSES: `https://w1.example/witness ${W1}`, MATCHLOG_WITNESS_QUORUM: '0' }, /a number from 1 to 1/],
  ])('refuses %j', (more, message) => {
    expect(() => env(more)).toThrow(ConfigError);
    expect(() => env(more)).toThrow(message);
  });
});

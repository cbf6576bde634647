import { jwksOf, publicJwkOf } from '@matchlog/audit';
import { generateKeyPairSync } from 'crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { configFromEnv } from '../src/config/config';
import { ConfigError } from '../src/config/config-error';
import { trustedKeysOf } from '../src/config/trusted-keys';

const GOOD_ORGANIZER_KEY = 'k3Jx9vQ2mB7tLw4pZr8sYc1nHf6dGa0eUq5iXo2Vb8M=';
const ed25519 = () => generateKeyPairSync('ed25519').privateKey;

describe('MATCHLOG_TRUSTED_KEYS: a JWKS of other servers’ public keys', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'matchlog-trusted-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const file = (content: unknown): string => {
    const path = join(dir, 'jwks.json');
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };

  /** The ConfigError reading `content` throws. */
  const refusal = (content: unknown): ConfigError => {
    try {
      trustedKeysOf(file(content));
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return error as ConfigError;
    }
    throw new Error('accepted');
  };

  it('reads a JWKS as /.well-known/jwks.json serves it: each key with its thumbprint as kid', () => {
    const [a, b] = [ed25519(), ed25519()];
    expect(trustedKeysOf(file(jwksOf([a, b])))).toEqual([publicJwkOf(a), publicJwkOf(b)]);
    const { kty, crv, x } = publicJwkOf(a);
    expect(trustedKeysOf(file({ keys: [{ kty, crv, x }] }))).toEqual([publicJwkOf(a)]);
  });

  it('is read by configFromEnv, the path resolved', () => {
    const key = ed25519();
    const path = file(jwksOf([key]));
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD_ORGANIZER_KEY, MATCHLOG_TRUSTED_KEYS: path })).toMatchObject({ trustedKeysFile: path, trustedKeys: [publicJwkOf(key)] });
    expect(configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD_ORGANIZER_KEY }).trustedKeys).toBeUndefined();
    expect(() => configFromEnv({ MATCHLOG_ORGANIZER_KEY: GOOD_ORGANIZER_KEY, MATCHLOG_TRUSTED_KEYS: join(dir, 'missing.json') })).toThrow(
      /^MATCHLOG_TRUSTED_KEYS: cannot read .*missing\.json \(ENOENT\)/,
    );
  });

  it('refuses a private key (a "d" member), saying it must never leave its server, and never repeats it', () => {
    const key = ed25519();
    const secret = key.export({ format: 'jwk' });
    const error = refusal({ keys: [publicJwkOf(ed25519()), { ...secret, use: 'sig', alg: 'EdDSA' }] });
    expect(error.message).toMatch(/^MATCHLOG_TRUSTED_KEYS: key 2 of .*jwks\.json is a private key \(it has a "d" member\): put only public keys here/);
    expect(error.message).toContain('must never leave the server that signs with it');
    expect(error.message).not.toContain(secret.d!);
    // a private key with anything else wrong is still refused as a private key
    expect(refusal({ keys: [{ kty: 'RSA', d: 'secret-part' }] }).message).toMatch(/key 1 of .* is a private key/);
  });

  it.each([
    ['not JSON', '{"keys": [', /is not JSON: it must be a JWKS/],
    ['a single JWK, not a JWKS', { kty: 'OKP', crv: 'Ed25519', x: 'A'.repeat(43) }, /is not a JWKS \(\{"keys":\[…\]\}\)/],
    ['a PEM key', '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA\n-----END PUBLIC KEY-----\n', /is not JSON/],
    ['an empty JWKS', { keys: [] }, /holds no key/],
    ['a key that is not an object', { keys: ['GINGxyz'] }, /key 1 of .* is not a JWK/],
    ['an RSA key', { keys: [{ kty: 'RSA', n: 'AQAB', e: 'AQAB' }] }, /key 1 of .* is kty "RSA", crv undefined: matchlog signs with Ed25519 only/],
    ['an X25519 key', { keys: [{ kty: 'OKP', crv: 'X25519', x: 'A'.repeat(43) }] }, /is kty "OKP", crv "X25519"/],
    ['an encryption key', { keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'A'.repeat(43), use: 'enc' }] }, /is for use "enc"/],
    ['no x', { keys: [{ kty: 'OKP', crv: 'Ed25519' }] }, /has no Ed25519 public key in "x"/],
    ['a short x', { keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'AAAA' }] }, /has no Ed25519 public key in "x"/],
    ['an x in base64 with padding', { keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'A'.repeat(42) + '=' }] }, /has no Ed25519 public key in "x"/],
  ])('refuses %s, naming the variable and the file', (_what, content, message) => {
    const error = refusal(content);
    expect(error.message).toMatch(/^MATCHLOG_TRUSTED_KEYS: /);
    expect(error.message).toContain(join(dir, 'jwks.json'));
    expect(error.message).toMatch(message);
  });

  it('refuses the example key committed with matchlog, whose private half anyone can read', () => {
    const example = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'examples', 'audit', 'example-jwks.json'), 'utf8'));
    expect(refusal(example).message).toMatch(/key 1 of .* is the example key committed with matchlog \(kid GINGxyz2jt6TAhORX0ToXh9HiNzdQMZBMCTo-uHgjjs\)/);
  });

  it('refuses a key whose kid is not its thumbprint (the file was edited)', () => {
    const jwk = { ...publicJwkOf(ed25519()), kid: publicJwkOf(ed25519()).kid };
    expect(refusal({ keys: [jwk] }).message).toMatch(
      /key 1 of .* names kid ".+", but its thumbprint \(RFC 7638\) is .+: save the other server's GET \/\.well-known\/jwks\.json as it is served, unchanged/,
    );
  });
});

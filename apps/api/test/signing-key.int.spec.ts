import { publicJwkOf } from '@matchlog/audit';
import { generateKeyPairSync } from 'crypto';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { configFromEnv } from '../src/config/config';
import { signingKeyOf } from '../src/signing/signing-key';

describe('the signing key', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'matchlog-key-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is generated once into the data directory (0600) and read back on the next start', () => {
    const first = signingKeyOf({ dataDir: dir });
    expect(first.asymmetricKeyType).toBe('ed25519');
    expect(statSync(join(dir, 'signing-key.pem')).mode & 0o777).toBe(0o600);
    expect(publicJwkOf(signingKeyOf({ dataDir: dir }))).toEqual(publicJwkOf(first));
  });

  it('is read from MATCHLOG_SIGNING_KEY_FILE, so instances can share it; a missing or non-Ed25519 file stops the start, naming it', () => {
    const shared = join(dir, 'shared.pem');
    const key = generateKeyPairSync('ed25519').privateKey;
    writeFileSync(shared, key.export({ format: 'pem', type: 'pkcs8' }));
    const config = configFromEnv({ MATCHLOG_DATA_DIR: join(dir, 'data'), MATCHLOG_ORGANIZER_KEY: 'q7Lr2vXe9TbN4cWm8ZpK3sHd6YfJ1uGa', MATCHLOG_SIGNING_KEY_FILE: shared });
    expect(config.signingKeyFile).toBe(shared);
    expect(publicJwkOf(signingKeyOf(config))).toEqual(publicJwkOf(key));
    expect(() => signingKeyOf({ dataDir: dir, signingKeyFile: join(dir, 'nope.pem') })).toThrow(/MATCHLOG_SIGNING_KEY_FILE: cannot read .*nope\.pem/);
    const rsa = join(dir, 'rsa.pem');
    writeFileSync(rsa, generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }));
    expect(() => signingKeyOf({ dataDir: dir, signingKeyFile: rsa })).toThrow(/holds a rsa key; chain heads are signed with Ed25519/);
  });

  it('is never generated for a store instances may share: each instance must be given the same file', () => {
    expect(() => signingKeyOf({ dataDir: dir, store: 'eventstoredb' })).toThrow(/MATCHLOG_STORE=eventstoredb .*set MATCHLOG_SIGNING_KEY_FILE/);
    expect(existsSync(join(dir, 'signing-key.pem'))).toBe(false);
  });

  it('refuses the example key committed with matchlog: anyone can read its private half', () => {
    const example = join(__dirname, '..', '..', '..', 'examples', 'audit', 'example-signing-key.NOT-FOR-PRODUCTION.pem');
    expect(() => signingKeyOf({ dataDir: dir, signingKeyFile: example })).toThrow(/is the example key committed with matchlog.*openssl genpkey -algorithm ed25519/);
  });
});

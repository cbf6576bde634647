import { KeyObject, createPrivateKey, generateKeyPairSync } from 'crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import { publicJwkOf } from '@matchlog/audit';
import { ApiConfig } from '../config/config';
import { ConfigError } from '../config/config-error';
import { requireSharedKeys } from '../config/shared-keys';
import { PUBLISHED_KEY_IDS } from './published-keys';

/**
 * The Ed25519 key that signs chain heads: read from MATCHLOG_SIGNING_KEY_FILE (a PEM private key,
 * so several instances can share it), or generated once into the data directory (0600): on SQLite only,
 * as any other store may be shared by instances that must all sign with one key.
 */
export const signingKeyOf = (config: Pick<ApiConfig, 'dataDir' | 'signingKeyFile'> & Partial<Pick<ApiConfig, 'store'>>): KeyObject => {
  const file = config.signingKeyFile ?? join(config.dataDir, 'signing-key.pem');
  requireSharedKeys(config.store ?? 'sqlite', { MATCHLOG_SIGNING_KEY_FILE: config.signingKeyFile });
  if (config.signingKeyFile === undefined && !existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    const { privateKey } = generateKeyPairSync('ed25519');
    writeFileSync(file, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
    return privateKey;
  }
  let key: KeyObject;
  try {
    key = createPrivateKey(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`MATCHLOG_SIGNING_KEY_FILE: cannot read an Ed25519 PEM private key from ${file}: ${(error as Error).message}`);
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new ConfigError(`MATCHLOG_SIGNING_KEY_FILE: ${file} holds a ${key.asymmetricKeyType} key; chain heads are signed with Ed25519 (openssl genpkey -algorithm ed25519)`);
  if (PUBLISHED_KEY_IDS.has(publicJwkOf(key).kid!)) {
    throw new ConfigError(
      `MATCHLOG_SIGNING_KEY_FILE: ${file} is the example key committed with matchlog, whose private half anyone can read, so anyone could sign a forged export with it: make your own with \`openssl genpkey -algorithm ed25519 -out signing-key.pem\``,
    );
  }
  return key;
};

import { ensureDataDir } from '@matchlog/store';
import { randomBytes } from 'crypto';
import { existsSync, readFileSync, writeFileSync } from 'fs';
import { join, resolve } from 'path';
import { ConfigError } from './config-error';
import { checkOrganizerKey } from './organizer-key';

export interface ApiConfig {
  readonly port: number;
  readonly dataDir: string;
  readonly store: 'sqlite' | 'eventstoredb';
  readonly organizerKey: string;
  /** where a generated organizer key was written, when it was generated or read back */
  readonly organizerKeyFile: string | null;
  readonly eventStoreConnectionString?: string;
  readonly bodyLimit: string;
  /** MATCHLOG_SIGNING_KEY_FILE: the Ed25519 PEM private key that signs chain heads; default: generated into the data directory */
  readonly signingKeyFile?: string;
}

/**
 * Reads the environment; a missing organizer key is generated once into the data directory.
 * Throws a ConfigError (a message for the operator, no stack) on a setting the server can not start with.
 */
export const configFromEnv = (env: NodeJS.ProcessEnv = process.env): ApiConfig => {
  const dataDir = resolve(env.MATCHLOG_DATA_DIR ?? './data');
  const store = env.MATCHLOG_STORE ?? 'sqlite';
  if (store !== 'sqlite' && store !== 'eventstoredb') throw new ConfigError(`MATCHLOG_STORE must be sqlite or eventstoredb, not "${store}"`);
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be a port number, not "${env.PORT}"`);
  const { key, file } = env.MATCHLOG_ORGANIZER_KEY
    ? { key: checkOrganizerKey(env.MATCHLOG_ORGANIZER_KEY, 'MATCHLOG_ORGANIZER_KEY', 'set MATCHLOG_ORGANIZER_KEY to it (or unset it to have one generated into the data directory)'), file: null }
    : organizerKeyIn(dataDir);
  return {
    port,
    dataDir,
    store,
    organizerKey: key,
    organizerKeyFile: file,
    eventStoreConnectionString: env.EVENTSTORE_CONNECTION_STRING,
    bodyLimit: env.MATCHLOG_BODY_LIMIT ?? '1mb',
    ...(env.MATCHLOG_SIGNING_KEY_FILE && { signingKeyFile: resolve(env.MATCHLOG_SIGNING_KEY_FILE) }),
  };
};

const organizerKeyIn = (dataDir: string): { key: string; file: string } => {
  const file = join(dataDir, 'organizer.key');
  if (existsSync(file)) return { key: checkOrganizerKey(readFileSync(file, 'utf8').trim(), file, `write it into ${file} (or delete the file to have one generated)`), file };
  ensureDataDir(dataDir);
  const key = `mlo_${randomBytes(24).toString('base64url')}`;
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return { key, file };
};

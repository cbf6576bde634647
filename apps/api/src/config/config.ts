import { DEFAULT_SLOW_TURN_SECONDS, Ed25519Jwk } from '@matchlog/audit';
import { DEFAULT_BODY_LIMIT } from '@matchlog/client';
import { ConversionLimits, conversionLimitsOf } from '@matchlog/matches';
import { ensureDataDir } from '@matchlog/store';
import { randomBytes } from 'crypto';
import { existsSync, readFileSync, writeFileSync } from 'fs';
import { join, resolve } from 'path';
import { bytesOf } from './byte-size';
import { ConfigError } from './config-error';
import { checkOrganizerKey } from './organizer-key';
import { publicUrlOf } from './public-url';
import { logIntervalMsOf, logOriginOf } from './log-settings';
import { LogWitnessConfig, logWitnessesOf, witnessQuorumOf } from './log-witnesses';
import { requireSharedKeys } from './shared-keys';
import { StorageConfig, storageFromEnv } from './storage-config';
import { trustedKeysOf } from './trusted-keys';
import { WitnessConfig, witnessConfigOf } from './witness-config';

export interface ApiConfig extends StorageConfig {
  readonly port: number;
  readonly dataDir: string;
  readonly organizerKey: string;
  /** where a generated organizer key was written, when it was generated or read back */
  readonly organizerKeyFile: string | null;
  readonly eventStoreConnectionString?: string;
  readonly bodyLimit: string;
  /** MATCHLOG_REPLAY_LIMIT: the most a tcg.online replay may weigh at POST /matches/import/tcg-online, as JSON or unzipped (default 8mb) */
  readonly replayLimit?: string;
  /** MATCHLOG_IMPORT_TIME_LIMIT_MS, MATCHLOG_IMPORT_MEMORY_LIMIT, MATCHLOG_IMPORT_CONCURRENCY: what converting one replay may take (docs/explanation/importing.md, "Limits") */
  readonly importLimits?: ConversionLimits;
  /** MATCHLOG_CORS_ORIGINS: the origins whose pages may call the API; '*' (the default) for any */
  readonly corsOrigins: '*' | readonly string[];
  /** MATCHLOG_SIGNING_KEY_FILE: the Ed25519 PEM private key that signs chain heads; default: generated into the data directory */
  readonly signingKeyFile?: string;
  /** MATCHLOG_TRUSTED_KEYS: a JWKS file of other servers' public keys (their /.well-known/jwks.json), whose signed exports this server imports too */
  readonly trustedKeysFile?: string;
  /** the keys of trustedKeysFile, read and checked at start */
  readonly trustedKeys?: readonly Ed25519Jwk[];
  /** MATCHLOG_REPLAY_CACHE_EVENTS: the most events the replay cache holds, over all its matches; default 200,000 (DEFAULT_REPLAY_CACHE_EVENTS) */
  readonly replayCacheEvents?: number;
  /** MATCHLOG_START_WAIT_SECONDS: how long a start waits for an event store or catalog database that cannot be reached, retrying, before it gives up (default 60) */
  readonly startWaitSeconds?: number;
  /** MATCHLOG_TOKEN_CACHE: the most token grants held in memory, the rest looked up in the catalog; default 50,000 */
  readonly tokenCache?: number;
  /** MATCHLOG_FEED_HEARTBEAT_MS: milliseconds between the live feed's heartbeat comments (default 15000) */
  readonly feedHeartbeatMs?: number;
  /** MATCHLOG_FEED_MAX_BUFFERED: bytes a live feed may leave unsent on its socket before it is closed (default 256kb) */
  readonly feedMaxBuffered?: string;
  /** MATCHLOG_SLOW_TURN_SECONDS: a turn longer than this is slow, a note in the judge's clock and the audit (default 180) */
  readonly slowTurnSeconds?: number;
  /** MATCHLOG_PENALTY_CATEGORIES: the organizer's penalty categories, comma-separated (default: Caution, Warning, Game Loss, Match Loss, Disqualification) */
  readonly penaltyCategories?: readonly string[];
  /** MATCHLOG_SNAPSHOT_EVERY: a match's snapshot each time it passes this many more events (default 1000); 0: no snapshots */
  readonly snapshotEvery?: number;
  /** MATCHLOG_PUBLIC_URL: the address phones open this server at, which links and QR codes carry; unset: its LAN addresses */
  readonly publicUrl?: string;
  /** MATCHLOG_LOG_INTERVAL (seconds, default 5): how often the transparency log integrates and signs a checkpoint, in ms */
  readonly logIntervalMs?: number;
  /** MATCHLOG_LOG_ORIGIN: the log's checkpoint origin; unset: `<host of MATCHLOG_PUBLIC_URL, or localhost>/matchlog` */
  readonly logOrigin?: string;
  /** LOG_FORMAT: json (a line of JSON each) or pretty (a line for a person); unset: pretty on a terminal, json otherwise (left out of a config: json) */
  readonly logFormat?: LogFormat;
  /** MATCHLOG_WITNESSES: the witnesses whose cosignatures the log collects before it publishes a checkpoint; unset: none, each checkpoint published at once */
  readonly logWitnesses?: readonly LogWitnessConfig[];
  /** MATCHLOG_WITNESS_QUORUM: how many of logWitnesses must cosign (default: all) */
  readonly logWitnessQuorum?: number;
  /** MATCHLOG_WITNESS_LOGS, MATCHLOG_WITNESS_KEY: the witness at POST /witness/add-checkpoint; unset: off */
  readonly witness?: WitnessConfig;
}

export type LogFormat = 'json' | 'pretty';

/**
 * Reads the environment; a missing organizer key is generated once into the data directory, on SQLite
 * only (any other store may be shared by instances, which must be given the same keys).
 * Throws a ConfigError (a message for the operator, no stack) on a setting the server can not start with.
 */
export const configFromEnv = (env: NodeJS.ProcessEnv = process.env, stdoutIsTerminal = process.stdout.isTTY === true): ApiConfig => {
  const dataDir = resolve(env.MATCHLOG_DATA_DIR ?? './data');
  const storage = storageFromEnv(env);
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be a port number, not "${env.PORT}"`);
  requireSharedKeys(storage.store, { MATCHLOG_ORGANIZER_KEY: env.MATCHLOG_ORGANIZER_KEY, MATCHLOG_SIGNING_KEY_FILE: env.MATCHLOG_SIGNING_KEY_FILE });
  const { key, file } = env.MATCHLOG_ORGANIZER_KEY
    ? {
        key: checkOrganizerKey(
          env.MATCHLOG_ORGANIZER_KEY,
          'MATCHLOG_ORGANIZER_KEY',
          'set MATCHLOG_ORGANIZER_KEY to it (or unset it to have one generated into the data directory)',
        ),
        file: null,
      }
    : organizerKeyIn(dataDir);
  const bodyLimit = env.MATCHLOG_BODY_LIMIT ?? DEFAULT_BODY_LIMIT;
  if (bytesOf(bodyLimit) === null) throw new ConfigError(`MATCHLOG_BODY_LIMIT must be a size such as 1mb, 512kb or 65536, not "${bodyLimit}"`);
  const replayLimit = env.MATCHLOG_REPLAY_LIMIT ?? '8mb';
  if (bytesOf(replayLimit) === null) throw new ConfigError(`MATCHLOG_REPLAY_LIMIT must be a size such as 8mb, 512kb or 65536, not "${replayLimit}"`);
  const feedHeartbeatMs = Number(env.MATCHLOG_FEED_HEARTBEAT_MS ?? 15_000);
  if (!Number.isInteger(feedHeartbeatMs) || feedHeartbeatMs < 1)
    throw new ConfigError(`MATCHLOG_FEED_HEARTBEAT_MS must be a whole number of milliseconds (at least 1), not "${env.MATCHLOG_FEED_HEARTBEAT_MS}"`);
  const feedMaxBuffered = env.MATCHLOG_FEED_MAX_BUFFERED ?? '256kb';
  if (bytesOf(feedMaxBuffered) === null) throw new ConfigError(`MATCHLOG_FEED_MAX_BUFFERED must be a size such as 256kb, 1mb or 65536, not "${feedMaxBuffered}"`);
  return {
    port,
    dataDir,
    ...storage,
    organizerKey: key,
    organizerKeyFile: file,
    eventStoreConnectionString: env.EVENTSTORE_CONNECTION_STRING,
    bodyLimit,
    replayLimit,
    importLimits: importLimitsOf(env),
    corsOrigins: corsOriginsOf(env.MATCHLOG_CORS_ORIGINS),
    feedHeartbeatMs,
    feedMaxBuffered,
    ...(env.MATCHLOG_SIGNING_KEY_FILE && { signingKeyFile: resolve(env.MATCHLOG_SIGNING_KEY_FILE) }),
    ...(env.MATCHLOG_TRUSTED_KEYS && { trustedKeysFile: resolve(env.MATCHLOG_TRUSTED_KEYS), trustedKeys: trustedKeysOf(resolve(env.MATCHLOG_TRUSTED_KEYS)) }),
    ...(env.MATCHLOG_REPLAY_CACHE_EVENTS !== undefined && { replayCacheEvents: replayCacheEventsOf(env.MATCHLOG_REPLAY_CACHE_EVENTS) }),
    ...(env.MATCHLOG_TOKEN_CACHE !== undefined && { tokenCache: tokenCacheOf(env.MATCHLOG_TOKEN_CACHE) }),
    startWaitSeconds: startWaitSecondsOf(env.MATCHLOG_START_WAIT_SECONDS),
    slowTurnSeconds: slowTurnSecondsOf(env.MATCHLOG_SLOW_TURN_SECONDS),
    ...(env.MATCHLOG_PENALTY_CATEGORIES !== undefined && { penaltyCategories: penaltyCategoriesOf(env.MATCHLOG_PENALTY_CATEGORIES) }),
    ...(env.MATCHLOG_SNAPSHOT_EVERY !== undefined && { snapshotEvery: snapshotEveryOf(env.MATCHLOG_SNAPSHOT_EVERY) }),
    ...(publicUrlOf(env.MATCHLOG_PUBLIC_URL) !== undefined && { publicUrl: publicUrlOf(env.MATCHLOG_PUBLIC_URL) }),
    logFormat: logFormatOf(env.LOG_FORMAT, stdoutIsTerminal),
    logIntervalMs: logIntervalMsOf(env.MATCHLOG_LOG_INTERVAL),
    logOrigin: logOriginOf(env.MATCHLOG_LOG_ORIGIN, publicUrlOf(env.MATCHLOG_PUBLIC_URL)),
    ...logWitnessSettingsOf(env.MATCHLOG_WITNESSES, env.MATCHLOG_WITNESS_QUORUM),
    ...(env.MATCHLOG_WITNESS_LOGS && { witness: witnessConfigOf(env, dataDir, new URL(publicUrlOf(env.MATCHLOG_PUBLIC_URL) ?? 'http://localhost').hostname) }),
  };
};

const logWitnessSettingsOf = (witnesses: string | undefined, quorum: string | undefined): Pick<ApiConfig, 'logWitnesses' | 'logWitnessQuorum'> => {
  const logWitnesses = logWitnessesOf(witnesses);
  const logWitnessQuorum = witnessQuorumOf(quorum, logWitnesses.length);
  return logWitnesses.length === 0 ? {} : { logWitnesses, logWitnessQuorum };
};

/** What LOG_FORMAT says; unset or empty: pretty for a person at a terminal, json for anything that collects the logs. */
const logFormatOf = (value: string | undefined, stdoutIsTerminal: boolean): LogFormat => {
  const format = value?.trim().toLowerCase() || (stdoutIsTerminal ? 'pretty' : 'json');
  if (format !== 'json' && format !== 'pretty') throw new ConfigError(`LOG_FORMAT must be json or pretty (unset: pretty on a terminal, json otherwise), not "${value}"`);
  return format;
};

/** A positive whole number of seconds; unset: DEFAULT_SLOW_TURN_SECONDS (a 50-minute Lorcana round of up to 3 games is ~1½ minutes a turn; 3 is slow). */
const slowTurnSecondsOf = (value: string | undefined): number => {
  if (value === undefined) return DEFAULT_SLOW_TURN_SECONDS;
  const seconds = Number(value);
  if (value.trim() === '' || !Number.isSafeInteger(seconds) || seconds < 1)
    throw new ConfigError(`MATCHLOG_SLOW_TURN_SECONDS must be a whole number of seconds (at least 1, e.g. ${DEFAULT_SLOW_TURN_SECONDS}), not "${value}"`);
  return seconds;
};

/** Comma-separated names, each 1 to 60 characters; at least one. */
const penaltyCategoriesOf = (value: string): string[] => {
  const categories = [...new Set(value.split(',').map((name) => name.trim()))];
  if (categories.some((name) => name.length === 0 || name.length > 60) || categories.length === 0)
    throw new ConfigError(`MATCHLOG_PENALTY_CATEGORIES must be penalty names separated by commas, each 1 to 60 characters (e.g. "Warning, Game Loss"), not "${value}"`);
  return categories;
};

const snapshotEveryOf = (value: string): number => {
  const events = Number(value.replace(/_/g, ''));
  if (!Number.isSafeInteger(events) || events < 0 || value.trim() === '')
    throw new ConfigError(`MATCHLOG_SNAPSHOT_EVERY must be a number of events (0 for no snapshots, e.g. 1000), not "${value}"`);
  return events;
};

/** What converting one replay may take; each unset: DEFAULT_CONVERSION_LIMITS (10 s, 256 MB, one at a time). */
const importLimitsOf = (env: NodeJS.ProcessEnv): ConversionLimits => {
  const limits = conversionLimitsOf(env);
  if (typeof limits === 'string') throw new ConfigError(limits);
  return limits;
};

/** A whole number, `_` allowed between digits (2_000_000); null for anything else. */
const countOf = (value: string): number | null => {
  const count = Number(value.replace(/_/g, ''));
  return Number.isSafeInteger(count) && value.trim() !== '' ? count : null;
};

const replayCacheEventsOf = (value: string): number => {
  const events = countOf(value);
  if (events === null || events < 0) throw new ConfigError(`MATCHLOG_REPLAY_CACHE_EVENTS must be a number of events (0 or more, e.g. 2000000), not "${value}"`);
  return events;
};

/** Unset: DEFAULT_START_WAIT_SECONDS; 0: no wait, a start with the store away fails at once. */
const startWaitSecondsOf = (value: string | undefined): number => {
  if (value === undefined) return DEFAULT_START_WAIT_SECONDS;
  const seconds = countOf(value);
  if (seconds === null || seconds < 0)
    throw new ConfigError(`MATCHLOG_START_WAIT_SECONDS must be a whole number of seconds (0 or more, e.g. ${DEFAULT_START_WAIT_SECONDS}), not "${value}"`);
  return seconds;
};

/** A minute: PostgreSQL restarting, or started with the server on one machine, is back well within it. */
export const DEFAULT_START_WAIT_SECONDS = 60;

const tokenCacheOf = (value: string): number => {
  const grants = countOf(value);
  if (grants === null || grants < 1) throw new ConfigError(`MATCHLOG_TOKEN_CACHE must be a number of tokens (1 or more, e.g. 200000), not "${value}"`);
  return grants;
};

/** '*' or unset: any origin; otherwise a comma-separated list of origins such as https://viewer.example.org */
const corsOriginsOf = (value: string | undefined): ApiConfig['corsOrigins'] => {
  const origins = (value ?? '*')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  if (origins.length === 0 || origins.includes('*')) return '*';
  const wrong = origins.find((origin) => !/^https?:\/\/[^/\s]+$/.test(origin));
  if (wrong !== undefined)
    throw new ConfigError(
      `MATCHLOG_CORS_ORIGINS must be * or origins such as https://viewer.example.org (scheme, host, optional port; no path), separated by commas; "${wrong}" is not one`,
    );
  return origins;
};

const organizerKeyIn = (dataDir: string): { key: string; file: string } => {
  const file = join(dataDir, 'organizer.key');
  if (existsSync(file)) return { key: checkOrganizerKey(readFileSync(file, 'utf8').trim(), file, `write it into ${file} (or delete the file to have one generated)`), file };
  ensureDataDir(dataDir);
  const key = `mlo_${randomBytes(24).toString('base64url')}`;
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return { key, file };
};

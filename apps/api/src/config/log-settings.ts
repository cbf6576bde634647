import { isKeyName } from '@matchlog/ledger';
import { ConfigError } from './config-error';

export const DEFAULT_LOG_INTERVAL_SECONDS = 5;

/** MATCHLOG_LOG_INTERVAL: seconds between the log's checkpoints while entries arrive (default 5). */
export const logIntervalMsOf = (value: string | undefined): number => {
  if (value === undefined) return DEFAULT_LOG_INTERVAL_SECONDS * 1000;
  const seconds = Number(value);
  if (value.trim() === '' || !Number.isFinite(seconds) || seconds < 0.1 || seconds > 3600)
    throw new ConfigError(`MATCHLOG_LOG_INTERVAL must be a number of seconds from 0.1 to 3600 (default ${DEFAULT_LOG_INTERVAL_SECONDS}), not "${value}"`);
  return Math.round(seconds * 1000);
};

/** MATCHLOG_LOG_ORIGIN: the log's checkpoint origin and key name; unset: `<host of MATCHLOG_PUBLIC_URL, or localhost>/matchlog`. */
export const logOriginOf = (value: string | undefined, publicUrl: string | undefined): string => {
  const origin = value?.trim() || `${publicUrl === undefined ? 'localhost' : new URL(publicUrl).host}/matchlog`;
  if (!isKeyName(origin)) throw new ConfigError(`MATCHLOG_LOG_ORIGIN must be one word with no "+" (e.g. log.example.org/matchlog), not "${value}"`);
  return origin;
};

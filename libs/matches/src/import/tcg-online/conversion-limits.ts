import { ConversionLimits, DEFAULT_CONVERSION_LIMITS } from './conversion-pool';

const UNITS: Record<string, number> = { '': 1, b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };
const wholeOf = (value: string): number | null => (/^\s*\d[\d_]*\s*$/.test(value) ? Number(value.replace(/_/g, '')) : null);
const sizeOf = (value: string): number | null => {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(value);
  return match ? Math.floor(Number(match[1]) * UNITS[(match[2] ?? '').toLowerCase()]) : null;
};

/**
 * MATCHLOG_IMPORT_TIME_LIMIT_MS, MATCHLOG_IMPORT_MEMORY_LIMIT and MATCHLOG_IMPORT_CONCURRENCY, each unset: its default
 * (DEFAULT_CONVERSION_LIMITS). The server's configFromEnv and the offline `matchlog import-replay` read them alike;
 * a value neither can use is a string saying what is wrong.
 */
export const conversionLimitsOf = (env: NodeJS.ProcessEnv): ConversionLimits | string => {
  const { MATCHLOG_IMPORT_TIME_LIMIT_MS: time, MATCHLOG_IMPORT_MEMORY_LIMIT: memory, MATCHLOG_IMPORT_CONCURRENCY: concurrency } = env;
  const timeMs = time === undefined ? DEFAULT_CONVERSION_LIMITS.timeMs : wholeOf(time);
  if (timeMs === null || timeMs < 1 || !Number.isSafeInteger(timeMs))
    return `MATCHLOG_IMPORT_TIME_LIMIT_MS must be a whole number of milliseconds (at least 1, e.g. 10000), not "${time}"`;
  const memoryBytes = memory === undefined ? DEFAULT_CONVERSION_LIMITS.memoryBytes : sizeOf(memory);
  if (memoryBytes === null || memoryBytes < 32 * 1024 * 1024) return `MATCHLOG_IMPORT_MEMORY_LIMIT must be a size of at least 32mb, such as 256mb or 1gb, not "${memory}"`;
  const count = concurrency === undefined ? DEFAULT_CONVERSION_LIMITS.concurrency : wholeOf(concurrency);
  if (count === null || count < 1 || count > 64) return `MATCHLOG_IMPORT_CONCURRENCY must be a number of conversions at once from 1 to 64, not "${concurrency}"`;
  return { timeMs, memoryBytes, concurrency: count };
};

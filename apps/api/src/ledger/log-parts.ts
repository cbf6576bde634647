import { LogReader, LogSequencer, RoundCloser, RoundLogReader, RoundResultsReader } from '@matchlog/matches';
import { KeyObject } from 'crypto';
import { AppParts } from '../app.module';
import { DEFAULT_LOG_INTERVAL_SECONDS } from '../config/log-settings';
import { TimeSource } from '../time-source';

export const LOG_SEQUENCER = Symbol('LOG_SEQUENCER');
export const LOG_READER = Symbol('LOG_READER');
export const ROUND_CLOSER = Symbol('ROUND_CLOSER');
export const ROUND_LOG = Symbol('ROUND_LOG');

const originOf = (parts: AppParts): string => parts.config.logOrigin ?? 'localhost/matchlog';

export const logSequencerOf = (parts: AppParts, signingKey: KeyObject, time: TimeSource): LogSequencer =>
  new LogSequencer({
    catalog: parts.catalog,
    store: parts.store,
    time,
    signingKey,
    origin: originOf(parts),
    intervalMs: parts.config.logIntervalMs ?? DEFAULT_LOG_INTERVAL_SECONDS * 1000,
  });

export const logReaderOf = (parts: AppParts, signingKey: KeyObject): LogReader => new LogReader(parts.catalog, signingKey, originOf(parts));

export const roundCloserOf = (parts: AppParts, results: RoundResultsReader, sequencer: LogSequencer, signingKey: KeyObject, time: TimeSource): RoundCloser =>
  new RoundCloser(parts.catalog, parts.store, results, sequencer, time, signingKey);

export const roundLogOf = (parts: AppParts, reader: LogReader, results: RoundResultsReader): RoundLogReader => new RoundLogReader(parts.catalog, reader, results);

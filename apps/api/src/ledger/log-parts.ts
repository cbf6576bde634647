import { Logger } from '@nestjs/common';
import { LogReader, LogSequencer, LogWitness, ReceiptLogger, RoundCloser, RoundLogReader, RoundResultsReader } from '@matchlog/matches';
import { cosignatureVerifier, parseVerifierKey } from '@matchlog/ledger';
import { KeyObject } from 'crypto';
import { AppParts } from '../compose-parts';
import { DEFAULT_LOG_INTERVAL_SECONDS } from '../config/log-settings';
import { TimeSource } from '../time-source';
import { httpWitnessClient } from './http-witness-client';

export const LOG_SEQUENCER = Symbol('LOG_SEQUENCER');
export const LOG_READER = Symbol('LOG_READER');
export const ROUND_CLOSER = Symbol('ROUND_CLOSER');
export const ROUND_LOG = Symbol('ROUND_LOG');
export const RECEIPT_LOGGER = Symbol('RECEIPT_LOGGER');

const originOf = (parts: AppParts): string => parts.config.logOrigin ?? 'localhost/matchlog';

const logger = new Logger('log');

/** MATCHLOG_WITNESSES: each key verifies cosignature/v1 (an Ed25519 note key under its cosignature key ID, as policies read it). */
const witnessesOf = (parts: AppParts): LogWitness[] =>
  (parts.config.logWitnesses ?? []).map(({ url, vkey }) => {
    const key = parseVerifierKey(vkey);
    return { url, verifier: cosignatureVerifier(key.name, key.publicKey) };
  });

export const logSequencerOf = (parts: AppParts, signingKey: KeyObject, time: TimeSource): LogSequencer =>
  new LogSequencer({
    witnesses: witnessesOf(parts),
    quorum: parts.config.logWitnessQuorum,
    witnessClient: httpWitnessClient(),
    onWarning: (message) => logger.warn(message),
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

export const receiptLoggerOf = (parts: AppParts, sequencer: LogSequencer, time: TimeSource): ReceiptLogger => new ReceiptLogger(parts.catalog, sequencer, time);

import { Logger } from '@nestjs/common';
import { LogReader, LogSequencer, LogWitness, ReceiptLogger, RoundCloser, RoundLogReader, RoundResultsReader } from '@matchlog/matches';
import { cosignatureVerifier, parseVerifierKey } from '@matchlog/ledger';
import { KeyObject } from 'crypto';
import type { Stores } from '../compose-parts';
import { ApiConfig } from '../config/config';
import { DEFAULT_LOG_INTERVAL_SECONDS } from '../config/log-settings';
import { TimeSource } from '../time-source';
import { httpWitnessClient } from './http-witness-client';

export const LOG_SEQUENCER = Symbol('LOG_SEQUENCER');
export const LOG_READER = Symbol('LOG_READER');
export const ROUND_CLOSER = Symbol('ROUND_CLOSER');
export const ROUND_LOG = Symbol('ROUND_LOG');
export const RECEIPT_LOGGER = Symbol('RECEIPT_LOGGER');

const originOf = (config: ApiConfig): string => config.logOrigin ?? 'localhost/matchlog';

const logger = new Logger('log');

/** MATCHLOG_WITNESSES: each key verifies cosignature/v1 (an Ed25519 note key under its cosignature key ID, as policies read it). */
const witnessesOf = (config: ApiConfig): LogWitness[] =>
  (config.logWitnesses ?? []).map(({ url, vkey }) => {
    const key = parseVerifierKey(vkey);
    return { url, verifier: cosignatureVerifier(key.name, key.publicKey) };
  });

/** The transparency log's parts, over the stores, the round results, the signing key and the time. */
export interface LogParts {
  readonly sequencer: LogSequencer;
  readonly reader: LogReader;
  readonly roundCloser: RoundCloser;
  readonly roundLog: RoundLogReader;
  readonly receipts: ReceiptLogger;
}

export const logPartsOf = (config: ApiConfig, { store, catalog }: Stores, results: RoundResultsReader, signingKey: KeyObject, time: TimeSource): LogParts => {
  const sequencer = new LogSequencer({
    witnesses: witnessesOf(config),
    quorum: config.logWitnessQuorum,
    witnessClient: httpWitnessClient(),
    onWarning: (message) => logger.warn(message),
    catalog,
    store,
    time,
    signingKey,
    origin: originOf(config),
    intervalMs: config.logIntervalMs ?? DEFAULT_LOG_INTERVAL_SECONDS * 1000,
  });
  const reader = new LogReader(catalog, signingKey, originOf(config));
  return {
    sequencer,
    reader,
    roundCloser: new RoundCloser(catalog, store, results, sequencer, time, signingKey),
    roundLog: new RoundLogReader(catalog, reader, results),
    receipts: new ReceiptLogger(catalog, sequencer, time),
  };
};

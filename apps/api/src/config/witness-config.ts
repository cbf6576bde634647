import { formatSignerKey, parseSignerKey, verifierFromKey } from '@matchlog/ledger';
import { ensureDataDir } from '@matchlog/store';
import { randomBytes } from 'crypto';
import { existsSync, readFileSync, writeFileSync } from 'fs';
import { join, resolve } from 'path';
import { ConfigError } from './config-error';

/** The witness (POST /witness/add-checkpoint): on only when MATCHLOG_WITNESS_LOGS names the logs it witnesses. */
export interface WitnessConfig {
  /** the cosigner's signer key, PRIVATE+KEY+<name>+<key ID>+<seed> (MATCHLOG_WITNESS_KEY, or generated into the data directory) */
  readonly key: string;
  readonly keyFile: string;
  /** the witnessed logs' verifier keys (MATCHLOG_WITNESS_LOGS: a file, one vkey a line) */
  readonly logs: readonly string[];
  /** where the latest cosigned checkpoint of each log is kept */
  readonly stateDir: string;
}

/** The vkeys of a file, one a line (blank lines and # comments skipped), each checked. */
export const vkeysIn = (file: string, setting: string): string[] => {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  for (const line of lines) {
    try {
      verifierFromKey(line);
    } catch (e) {
      throw new ConfigError(`${setting} (${file}): ${(e as Error).message}`);
    }
  }
  if (lines.length === 0) throw new ConfigError(`${setting} (${file}) lists no log key: put one verifier key (<name>+<key ID>+<key>, as GET /log/key serves it) a line`);
  return lines;
};

const checkedKey = (key: string, file: string): string => {
  try {
    parseSignerKey(key);
    return key;
  } catch (e) {
    throw new ConfigError(`MATCHLOG_WITNESS_KEY (${file}): ${(e as Error).message}`);
  }
};

export const witnessConfigOf = (env: NodeJS.ProcessEnv, dataDir: string, host: string): WitnessConfig | undefined => {
  if (!env.MATCHLOG_WITNESS_LOGS) return undefined;
  const logsFile = resolve(env.MATCHLOG_WITNESS_LOGS);
  if (!existsSync(logsFile)) throw new ConfigError(`MATCHLOG_WITNESS_LOGS names ${logsFile}, which does not exist: a file of the witnessed logs' verifier keys, one a line`);
  const logs = vkeysIn(logsFile, 'MATCHLOG_WITNESS_LOGS');
  const keyFile = env.MATCHLOG_WITNESS_KEY ? resolve(env.MATCHLOG_WITNESS_KEY) : join(dataDir, 'witness.key');
  if (!existsSync(keyFile)) {
    if (env.MATCHLOG_WITNESS_KEY) throw new ConfigError(`MATCHLOG_WITNESS_KEY names ${keyFile}, which does not exist (unset it to have a key generated into the data directory)`);
    ensureDataDir(dataDir);
    writeFileSync(keyFile, `${formatSignerKey(`${host}/witness`, randomBytes(32))}\n`, { mode: 0o600, flag: 'wx' });
  }
  return { key: checkedKey(readFileSync(keyFile, 'utf8').trim(), keyFile), keyFile, logs, stateDir: join(dataDir, 'witness') };
};

import { parseVerifierKey } from '@matchlog/ledger';
import { ConfigError } from './config-error';

/** A witness the log asks for cosignatures: its tlog-witness submission prefix (POSTs go to `<url>/add-checkpoint`) and its vkey. */
export interface LogWitnessConfig {
  readonly url: string;
  readonly vkey: string;
}

const FORMAT = '"<url> <vkey>" pairs separated by commas, e.g. "https://witness.example/witness witness.example/witness+1a2b3c4d+BASE64KEY"';

/** MATCHLOG_WITNESSES: comma-separated `<url> <vkey>` (a matchlog witness: `https://host/witness` and its GET /witness/key); unset or empty: none. */
export const logWitnessesOf = (value: string | undefined): LogWitnessConfig[] => {
  if (value === undefined || value.trim() === '') return [];
  const witnesses = value.split(',').map((item, i): LogWitnessConfig => {
    const fields = item.trim().split(/\s+/);
    if (fields.length !== 2) throw new ConfigError(`MATCHLOG_WITNESSES must be ${FORMAT}; witness ${i + 1} is "${item.trim()}"`);
    const [url, vkey] = fields;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ConfigError(`MATCHLOG_WITNESSES: witness ${i + 1}'s URL "${url}" is not a URL (${FORMAT})`);
    }
    if (!['http:', 'https:'].includes(parsed.protocol) || parsed.search !== '' || parsed.hash !== '')
      throw new ConfigError(
        `MATCHLOG_WITNESSES: witness ${i + 1}'s URL must be http(s) with no query or fragment (its submission prefix, e.g. https://host/witness), not "${url}"`,
      );
    try {
      parseVerifierKey(vkey);
    } catch (e) {
      throw new ConfigError(`MATCHLOG_WITNESSES: witness ${i + 1}'s key: ${(e as Error).message} (its GET /witness/key)`);
    }
    return { url, vkey };
  });
  const keys = witnesses.map((w) => parseVerifierKey(w.vkey).publicKey.toString('hex'));
  if (new Set(keys).size !== keys.length) throw new ConfigError('MATCHLOG_WITNESSES lists one witness key twice');
  return witnesses;
};

/** MATCHLOG_WITNESS_QUORUM: how many of MATCHLOG_WITNESSES must cosign a checkpoint before it is published: `all` (the default), `any`, or 1 to their number. */
export const witnessQuorumOf = (value: string | undefined, witnesses: number): number => {
  if (value === undefined || value.trim() === '') return witnesses;
  if (witnesses === 0) throw new ConfigError('MATCHLOG_WITNESS_QUORUM is set but MATCHLOG_WITNESSES lists no witness: set both, or neither');
  const k = value.trim() === 'all' ? witnesses : value.trim() === 'any' ? 1 : /^[1-9][0-9]*$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!(k >= 1 && k <= witnesses))
    throw new ConfigError(`MATCHLOG_WITNESS_QUORUM must be all, any or a number from 1 to ${witnesses} (the witnesses MATCHLOG_WITNESSES lists), not "${value}"`);
  return k;
};

import { Hash, decodeBase64, decodeHash, formatHash, isHash } from './hash';
import { parseDecimal } from './integers';
import { LedgerError } from './ledger-error';

/**
 * C2SP tlog-proof (`.tlog-proof`): `c2sp.org/tlog-proof@v1`, an optional `extra <base64>`, `index <n>`, the inclusion
 * proof (one base64 hash a line, from the leaf's sibling up), a blank line, and the signed checkpoint verbatim.
 */
export const TLOG_PROOF_HEADER = 'c2sp.org/tlog-proof@v1';
export const TLOG_PROOF_EXTENSION = '.tlog-proof';

export interface TlogProof {
  /** opaque and unauthenticated: never trust it without checking it against the entry */
  readonly extra?: Buffer;
  readonly index: number;
  readonly inclusion: readonly Hash[];
  /** the signed checkpoint note with its cosignatures, verbatim */
  readonly checkpoint: string;
}

const malformed = (why: string) => new LedgerError('MALFORMED_PROOF', `malformed tlog-proof: ${why}`);

export const formatTlogProof = (proof: TlogProof): string => {
  if (!Number.isSafeInteger(proof.index) || proof.index < 0) throw malformed(`the index ${proof.index} is not a count`);
  if (!proof.inclusion.every(isHash)) throw malformed('an inclusion proof hash is not 32 bytes');
  const extra = proof.extra ? [`extra ${proof.extra.toString('base64')}`] : [];
  return [TLOG_PROOF_HEADER, ...extra, `index ${proof.index}`, ...proof.inclusion.map(formatHash)].map((line) => `${line}\n`).join('') + `\n${proof.checkpoint}`;
};

export const parseTlogProof = (text: string): TlogProof => {
  const blank = text.indexOf('\n\n');
  if (blank < 0) throw malformed('there is no blank line before the checkpoint');
  const lines = text.slice(0, blank).split('\n');
  if (lines[0] !== TLOG_PROOF_HEADER) throw malformed(`the first line is not ${TLOG_PROOF_HEADER}`);
  let at = 1;
  let extra: Buffer | undefined;
  if (lines[at]?.startsWith('extra ')) {
    extra = decodeBase64(lines[at].slice('extra '.length));
    if (!extra) throw malformed('the extra line is not standard base64');
    at++;
  }
  const indexMatch = /^index (.*)$/.exec(lines[at] ?? '');
  const index = indexMatch ? parseDecimal(indexMatch[1]) : undefined;
  if (index === undefined) throw malformed(`"${lines[at] ?? ''}" is not "index <n>"`);
  const inclusion = lines.slice(at + 1).map((line) => {
    const h = decodeHash(line);
    if (!h) throw malformed(`the proof line "${line}" is not a SHA-256 hash in standard base64`);
    return h;
  });
  return { ...(extra ? { extra } : {}), index, inclusion, checkpoint: text.slice(blank + 2) };
};

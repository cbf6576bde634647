import { Hash, decodeHash, formatHash, isHash } from './hash';
import { parseDecimal } from './integers';
import { LedgerError } from './ledger-error';

/** C2SP tlog-witness `add-checkpoint`: `old <size>\n`, the consistency proof (one base64 hash a line), a blank line, the checkpoint. */
export interface AddCheckpointRequest {
  readonly oldSize: number;
  readonly proof: readonly Hash[];
  /** the signed checkpoint note, verbatim */
  readonly checkpoint: string;
}

/** The most proof lines a client may send. */
export const MAX_CONSISTENCY_PROOF_LINES = 63;
/** The Content-Type of a witness's 409 answer, whose body is formatWitnessSize. */
export const WITNESS_SIZE_CONTENT_TYPE = 'text/x.tlog.size';

const malformed = (why: string) => new LedgerError('MALFORMED_WITNESS_REQUEST', `malformed add-checkpoint request: ${why}`);

export const formatAddCheckpointRequest = (request: AddCheckpointRequest): string => {
  if (!Number.isSafeInteger(request.oldSize) || request.oldSize < 0) throw malformed(`the old size ${request.oldSize} is not a count`);
  if (request.proof.length > MAX_CONSISTENCY_PROOF_LINES || !request.proof.every(isHash))
    throw malformed(`the proof must be at most ${MAX_CONSISTENCY_PROOF_LINES} 32-byte hashes`);
  return `old ${request.oldSize}\n${request.proof.map((h) => `${formatHash(h)}\n`).join('')}\n${request.checkpoint}`;
};

/** The request body, strictly. The checkpoint is returned verbatim: open it with the log's keys (openCheckpoint). */
export const parseAddCheckpointRequest = (body: string): AddCheckpointRequest => {
  const blank = body.indexOf('\n\n');
  if (blank < 0) throw malformed('there is no blank line before the checkpoint');
  const [oldLine, ...proofLines] = body.slice(0, blank).split('\n');
  const match = /^old (.*)$/.exec(oldLine);
  const oldSize = match ? parseDecimal(match[1]) : undefined;
  if (oldSize === undefined) throw malformed(`the first line "${oldLine}" is not "old <size>"`);
  if (proofLines.length > MAX_CONSISTENCY_PROOF_LINES) throw malformed(`the proof has ${proofLines.length} lines, over ${MAX_CONSISTENCY_PROOF_LINES}`);
  const proof = proofLines.map((line) => {
    const h = decodeHash(line);
    if (!h) throw malformed(`the proof line "${line}" is not a SHA-256 hash in standard base64`);
    return h;
  });
  return { oldSize, proof, checkpoint: body.slice(blank + 2) };
};

/** The body of a 409 answer: the size the witness holds, and a newline. */
export const formatWitnessSize = (size: number): string => `${size}\n`;

export const parseWitnessSize = (body: string): number => {
  const size = body.endsWith('\n') ? parseDecimal(body.slice(0, -1)) : undefined;
  if (size === undefined) throw malformed(`"${body}" is not a tree size and a newline`);
  return size;
};

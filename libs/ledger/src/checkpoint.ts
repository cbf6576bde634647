import { Hash, decodeHash, formatHash, isHash } from './hash';
import { parseDecimal } from './integers';
import { LedgerError } from './ledger-error';
import { NoteVerifier, OpenedNote, openNote } from './signed-note';

/** C2SP tlog-checkpoint: the note text `<origin>\n<size>\n<base64 root>\n[<extension>\n…]`. */
export interface Checkpoint {
  readonly origin: string;
  readonly size: number;
  readonly root: Hash;
  readonly extensions: readonly string[];
}

const malformed = (why: string) => new LedgerError('MALFORMED_CHECKPOINT', `malformed checkpoint: ${why}`);

/** The checkpoint's note text (the body a log signs and a witness cosigns). */
export const formatCheckpoint = (checkpoint: Checkpoint): string => {
  const { origin, size, root, extensions } = checkpoint;
  if (origin.length === 0 || origin.includes('\n')) throw malformed('the origin must be one non-empty line');
  if (!Number.isSafeInteger(size) || size < 0) throw malformed(`the size ${size} is not a count`);
  if (!isHash(root)) throw malformed('the root hash is not 32 bytes');
  if (extensions.some((line) => line.length === 0 || line.includes('\n'))) throw malformed('an extension line is empty or holds a newline');
  return [origin, String(size), formatHash(root), ...extensions].map((line) => `${line}\n`).join('');
};

/** A checkpoint's note text, strictly: origin, size with no leading zeroes, canonical base64 root, non-empty extensions. */
export const parseCheckpoint = (text: string): Checkpoint => {
  if (!text.endsWith('\n')) throw malformed('the text does not end in a newline');
  const lines = text.slice(0, -1).split('\n');
  if (lines.length < 3) throw malformed('it has fewer than three lines (origin, size, root hash)');
  const [origin, sizeLine, rootLine, ...extensions] = lines;
  if (origin.length === 0) throw malformed('the origin line is empty');
  const size = parseDecimal(sizeLine);
  if (size === undefined) throw malformed(`the size "${sizeLine}" is not a decimal with no leading zeroes`);
  const root = decodeHash(rootLine);
  if (!root) throw malformed(`the root "${rootLine}" is not a SHA-256 hash in standard base64`);
  if (extensions.some((line) => line.length === 0)) throw malformed('an extension line is empty');
  return { origin, size, root, extensions };
};

/** A signed checkpoint verified with the log's keys, and parsed. The origin must be one the caller expects. */
export const openCheckpoint = (message: string | Uint8Array, logVerifiers: readonly NoteVerifier[], origin?: string): { checkpoint: Checkpoint; note: OpenedNote } => {
  const note = openNote(message, logVerifiers);
  const checkpoint = parseCheckpoint(note.text);
  if (origin !== undefined && checkpoint.origin !== origin) throw malformed(`the origin is "${checkpoint.origin}", not "${origin}"`);
  return { checkpoint, note };
};

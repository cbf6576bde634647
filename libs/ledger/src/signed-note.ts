import { KeyObject } from 'node:crypto';
import { decodeBase64 } from './hash';
import { ed25519Sign, ed25519Verify, publicKeyFromRaw, rawPublicKey } from './ed25519';
import { LedgerError } from './ledger-error';
import { SIGNATURE_TYPE_ED25519, isKeyName, keyIdOf, formatKeyId } from './note-key';

/** C2SP signed-note: a text ending in a newline, a blank line, and signature lines `— <name> <base64(key ID || signature)>`. */

/** One signature line: `signature` is what follows the 4-byte key ID. */
export interface NoteSignature {
  readonly name: string;
  readonly keyId: number;
  readonly signature: Buffer;
}

export interface NoteVerifier {
  readonly name: string;
  readonly keyId: number;
  /** whether `signature` (without the key ID) is this key's over the note text */
  verify(text: string, signature: Uint8Array): boolean;
}

export interface NoteSigner {
  readonly name: string;
  readonly keyId: number;
  sign(text: string): Uint8Array;
}

export interface ParsedNote {
  readonly text: string;
  readonly signatures: readonly NoteSignature[];
}

export interface OpenedNote {
  readonly text: string;
  /** the signatures of known keys, each verified */
  readonly verified: readonly NoteSignature[];
  /** the signatures of keys the verifier does not know: ignored, as the spec says */
  readonly unverified: readonly NoteSignature[];
}

/** Go's sumdb/note limit; the spec asks for at least 16. */
export const MAX_NOTE_SIGNATURES = 100;
const EM_DASH = '\u2014';

const malformed = (why: string) => new LedgerError('MALFORMED_NOTE', `malformed note: ${why}`);

const asText = (message: string | Uint8Array): string => {
  if (typeof message === 'string') return message;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(message);
  } catch {
    throw malformed('it is not valid UTF-8');
  }
};

export const checkNoteText = (text: string): void => {
  if (!text.endsWith('\n')) throw malformed('the text does not end in a newline');
  if ([...text].some((c) => c < ' ' && c !== '\n')) throw malformed('it holds a control character other than newline');
  if (/[\uD800-\uDFFF]/.test(text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''))) throw malformed('it is not valid UTF-8');
};

export const formatSignatureLine = (sig: NoteSignature): string => {
  if (!isKeyName(sig.name)) throw malformed(`"${sig.name}" is not a key name`);
  const id = Buffer.alloc(4);
  id.writeUInt32BE(sig.keyId);
  return `${EM_DASH} ${sig.name} ${Buffer.concat([id, sig.signature]).toString('base64')}\n`;
};

/** One signature line, without its newline. */
export const parseSignatureLine = (line: string): NoteSignature => {
  const match = /^\u2014 ([^ ]+) ([^ ]+)$/u.exec(line);
  if (!match || !isKeyName(match[1])) throw malformed(`"${line}" is not a signature line (— <key name> <base64 signature>)`);
  const bytes = decodeBase64(match[2]);
  if (!bytes || bytes.length < 5) throw malformed(`the signature of ${match[1]} is not base64 of a key ID and a signature`);
  return { name: match[1], keyId: bytes.readUInt32BE(0), signature: bytes.subarray(4) };
};

/** Signature lines (each ending in a newline), as a witness answers add-checkpoint. */
export const parseSignatureLines = (lines: string): NoteSignature[] => {
  if (!lines.endsWith('\n')) throw malformed('the signature lines do not end in a newline');
  const signatures = lines.slice(0, -1).split('\n').map(parseSignatureLine);
  if (signatures.length > MAX_NOTE_SIGNATURES) throw malformed(`it has over ${MAX_NOTE_SIGNATURES} signatures`);
  return signatures;
};

export const formatNote = (text: string, signatures: readonly NoteSignature[]): string => {
  checkNoteText(text);
  if (signatures.length === 0) throw malformed('a note has at least one signature');
  return `${text}\n${signatures.map(formatSignatureLine).join('')}`;
};

/** The note's text and signature lines, syntax only: nothing is verified, so the text must not be trusted yet. */
export const parseNote = (message: string | Uint8Array): ParsedNote => {
  const note = asText(message);
  checkNoteText(note);
  const split = note.lastIndexOf('\n\n');
  if (split < 0) throw malformed('it has no blank line before the signatures');
  const text = note.slice(0, split + 1);
  return { text, signatures: parseSignatureLines(note.slice(split + 2)) };
};

const sameKey = (a: { name: string; keyId: number }, b: { name: string; keyId: number }) => a.name === b.name && a.keyId === b.keyId;
const sameSignature = (a: NoteSignature, b: NoteSignature) => sameKey(a, b) && a.signature.equals(b.signature);

/**
 * The note's signatures sorted by the verifiers: a known key's signature must verify (else the whole note is
 * refused: INVALID_SIGNATURE), an unknown key's is set aside. Two verifiers for one name and key ID: AMBIGUOUS_KEY.
 */
export const checkSignatures = (note: ParsedNote, verifiers: readonly NoteVerifier[]): OpenedNote => {
  const verified: NoteSignature[] = [];
  const unverified: NoteSignature[] = [];
  for (const sig of note.signatures) {
    const known = verifiers.filter((v) => sameKey(v, sig));
    if (known.length > 1) throw new LedgerError('AMBIGUOUS_KEY', `two verifiers are given for ${sig.name}+${formatKeyId(sig.keyId)}`);
    const list = known.length === 0 ? unverified : verified;
    if (known.length === 1 && !known[0].verify(note.text, sig.signature))
      throw new LedgerError('INVALID_SIGNATURE', `the signature of ${sig.name}+${formatKeyId(sig.keyId)} does not verify: the note was altered or mis-signed`);
    if (!list.some((s) => sameSignature(s, sig))) list.push(sig);
  }
  return { text: note.text, verified, unverified };
};

/** A note verified: at least one known key signed it, and every known key's signature verifies. */
export const openNote = (message: string | Uint8Array, verifiers: readonly NoteVerifier[]): OpenedNote => {
  const opened = checkSignatures(parseNote(message), verifiers);
  if (opened.verified.length === 0) throw new LedgerError('UNVERIFIED_NOTE', 'the note has no signature by a known key');
  return opened;
};

/** The note signed by each signer; a kept signature by the same key is replaced. */
export const signNote = (text: string, signers: readonly NoteSigner[], keep: readonly NoteSignature[] = []): string => {
  checkNoteText(text);
  const fresh = signers.map((s) => ({ name: s.name, keyId: s.keyId, signature: Buffer.from(s.sign(text)) }));
  return formatNote(text, [...keep.filter((k) => !fresh.some((f) => sameKey(f, k))), ...fresh]);
};

/** An Ed25519 (type 0x01) note signer. */
export const ed25519NoteSigner = (name: string, privateKey: KeyObject): NoteSigner => {
  const keyId = keyIdOf(name, SIGNATURE_TYPE_ED25519, rawPublicKey(privateKey));
  return { name, keyId, sign: (text) => ed25519Sign(privateKey, Buffer.from(text, 'utf8')) };
};

/** An Ed25519 (type 0x01) note verifier. */
export const ed25519NoteVerifier = (name: string, publicKey: Uint8Array): NoteVerifier => {
  const key = publicKeyFromRaw(publicKey);
  const keyId = keyIdOf(name, SIGNATURE_TYPE_ED25519, publicKey);
  return { name, keyId, verify: (text, signature) => ed25519Verify(key, Buffer.from(text, 'utf8'), signature) };
};

import { MatchEvent } from '@matchlog/domain';
import { Language } from '../finding';
import { ChainHead, ChainVerdict, linkOf, verifyChain } from './hash-chain';
import { Ed25519Jwk, SignedHead, signatureHolds, thumbprintOf } from './signed-head';

/**
 * Why a log is refused. CHAIN_BROKEN: an event changed, removed or moved; HEAD_MISSING: no signed
 * head; HEAD_MISMATCH: the head does not name the last event (events cut or added); SIGNATURE_INVALID:
 * the head's signature does not hold; SIGNATURE_KEY_UNKNOWN: it holds, but for a key that is not
 * pinned; RECEIPT_SIGNATURE_INVALID / RECEIPT_MISMATCH: the receipt is forged, or the log does not
 * extend the head it names.
 */
export type LogProblem = 'CHAIN_BROKEN' | 'HEAD_MISSING' | 'HEAD_MISMATCH' | 'SIGNATURE_INVALID' | 'SIGNATURE_KEY_UNKNOWN' | 'RECEIPT_SIGNATURE_INVALID' | 'RECEIPT_MISMATCH';

export interface LogToVerify {
  readonly events: readonly MatchEvent[];
  /** the legacy `{"chain":…}` line, if any */
  readonly head?: ChainHead;
  readonly signedHead?: SignedHead;
}

export interface VerifyLogOptions {
  /** the keys the head must be signed with (`--key`, or the server's own on import); any key when absent */
  readonly pinned?: readonly Ed25519Jwk[];
  /** accept a log with no signed head (reported as unsigned) */
  readonly allowUnsigned?: boolean;
  /** a receipt kept earlier: the log must extend the head it names */
  readonly receipt?: SignedHead;
  readonly language?: Language;
}

export interface SignatureReport {
  readonly matchId: string;
  readonly revision: number;
  readonly time: string;
  /** the signing key's RFC 7638 thumbprint */
  readonly fingerprint: string;
  /** whether it is one of the pinned keys (false: nothing was pinned) */
  readonly pinned: boolean;
}

export type LogVerdict =
  | {
      readonly ok: true;
      readonly chain: ChainVerdict;
      readonly signature: SignatureReport | 'unsigned';
      readonly receipt?: { readonly revision: number; readonly fingerprint: string };
    }
  | { readonly ok: false; readonly code: 'CHAIN_BROKEN'; readonly line: number; readonly message: string; readonly chain: Extract<ChainVerdict, { ok: false }> }
  | {
      readonly ok: false;
      readonly code: Exclude<LogProblem, 'CHAIN_BROKEN'>;
      readonly line?: number;
      readonly message: string;
      readonly chain: ChainVerdict;
      readonly fingerprint?: string;
    };

const short = (hash: string) => `${hash.slice(0, 12)}…`;

const messages = {
  en: {
    receiptAsHead: (line: number, revision: number) =>
      `the last line (line ${line}) is a receipt of revision ${revision}, not the head an export ends with: the log was cut back to where someone took a receipt`,
    missing:
      'the log has no signed head (its last line must be {"signedHead":…}): it may have been cut, or it was not exported by a matchlog server; pass --allow-unsigned to check an unsigned log',
    badSignature: (fp: string) => `the signed head's signature does not hold for the key it names (${fp}): the head was changed or forged`,
    unknownKey: (fp: string) => `the head is signed by key ${fp}, which is not one of the pinned keys: it was not signed by that server`,
    revision: (line: number, revision: number, count: number) =>
      `the signed head (line ${line}) is for revision ${revision}, but the log holds ${count} events: ${revision > count ? 'the last events were cut off' : 'events were added after it was signed'}`,
    hash: (line: number, signed: string, actual: string) =>
      `the signed head (line ${line}) names hash ${short(signed)}, but the last event's hash is ${short(actual)}: the log was rewritten after it was signed`,
    receiptSignature: (fp: string) => `the receipt's signature does not hold for the key it names (${fp}): the receipt was changed or forged`,
    receiptKey: (fp: string) => `the receipt is signed by key ${fp}, which is neither pinned nor the key that signed the log`,
    receiptMatch: (theirs: string, ours: string) => `the receipt is for match "${theirs}", but the log's signed head is for match "${ours}"`,
    receiptShort: (revision: number, count: number) => `the receipt names revision ${revision}, but the log holds only ${count} events: the log was cut back`,
    receiptHash: (revision: number, signed: string, actual: string) =>
      `the receipt names hash ${short(signed)} at revision ${revision}, but that event's hash in the log is ${short(actual)}: the log was rewritten after the receipt was issued`,
  },
  es: {
    receiptAsHead: (line: number, revision: number) =>
      `la última línea (línea ${line}) es un recibo de la revisión ${revision}, no la cabeza con la que termina una exportación: el registro se recortó hasta donde alguien tomó un recibo`,
    missing:
      'el registro no tiene cabeza firmada (su última línea debe ser {"signedHead":…}): puede haber sido recortado, o no lo exportó un servidor matchlog; use --allow-unsigned para comprobar un registro sin firma',
    badSignature: (fp: string) => `la firma de la cabeza no es válida para la clave que indica (${fp}): la cabeza fue modificada o falsificada`,
    unknownKey: (fp: string) => `la cabeza está firmada con la clave ${fp}, que no es ninguna de las claves fijadas: no la firmó ese servidor`,
    revision: (line: number, revision: number, count: number) =>
      `la cabeza firmada (línea ${line}) es de la revisión ${revision}, pero el registro tiene ${count} eventos: ${revision > count ? 'se recortaron los últimos eventos' : 'se añadieron eventos después de firmarla'}`,
    hash: (line: number, signed: string, actual: string) =>
      `la cabeza firmada (línea ${line}) indica el hash ${short(signed)}, pero el del último evento es ${short(actual)}: el registro se reescribió después de firmarse`,
    receiptSignature: (fp: string) => `la firma del recibo no es válida para la clave que indica (${fp}): el recibo fue modificado o falsificado`,
    receiptKey: (fp: string) => `el recibo está firmado con la clave ${fp}, que no está fijada ni es la que firmó el registro`,
    receiptMatch: (theirs: string, ours: string) => `el recibo es de la partida "${theirs}", pero la cabeza firmada del registro es de la partida "${ours}"`,
    receiptShort: (revision: number, count: number) => `el recibo indica la revisión ${revision}, pero el registro solo tiene ${count} eventos: el registro fue recortado`,
    receiptHash: (revision: number, signed: string, actual: string) =>
      `el recibo indica el hash ${short(signed)} en la revisión ${revision}, pero el de ese evento en el registro es ${short(actual)}: el registro se reescribió después de emitirse el recibo`,
  },
};

/**
 * Everything an auditor checks of an export: the hash chain, then the signed head (present, signed
 * by a pinned key when keys are pinned, naming the last event), then the receipt if one is given.
 * The first problem is reported. Without pinned keys the signature only proves the log was signed
 * by the key it names: compare its fingerprint with the server's JWKS, or pin it.
 */
export const verifyLog = (log: LogToVerify, options: VerifyLogOptions = {}): LogVerdict => {
  const say = messages[options.language ?? 'en'];
  const { events, signedHead } = log;
  const chain = verifyChain(events, log.head);
  if (!chain.ok) return { ok: false, code: 'CHAIN_BROKEN', line: chain.line, message: chain.message, chain };
  const headLine = events.length + 1;
  const refuse = (code: Exclude<LogProblem, 'CHAIN_BROKEN'>, message: string, fingerprint?: string, line?: number): LogVerdict => ({
    ok: false,
    code,
    message,
    chain,
    ...(line !== undefined && { line }),
    ...(fingerprint !== undefined && { fingerprint }),
  });
  const pinnedPrints = options.pinned && new Set(options.pinned.map(thumbprintOf));
  let signature: SignatureReport | 'unsigned' = 'unsigned';
  if (signedHead === undefined) {
    if (!options.allowUnsigned) return refuse('HEAD_MISSING', say.missing, undefined, headLine);
  } else {
    const fingerprint = thumbprintOf(signedHead.jwk);
    if (!signatureHolds(signedHead)) return refuse('SIGNATURE_INVALID', say.badSignature(fingerprint), fingerprint, headLine);
    if (pinnedPrints && !pinnedPrints.has(fingerprint)) return refuse('SIGNATURE_KEY_UNKNOWN', say.unknownKey(fingerprint), fingerprint, headLine);
    const { head } = signedHead;
    if (head.purpose !== 'export') return refuse('HEAD_MISSING', say.receiptAsHead(headLine, head.revision), fingerprint, headLine);
    if (head.revision !== events.length) return refuse('HEAD_MISMATCH', say.revision(headLine, head.revision, events.length), fingerprint, headLine);
    if (head.hash !== chain.head) return refuse('HEAD_MISMATCH', say.hash(headLine, head.hash, chain.head), fingerprint, headLine);
    signature = { matchId: head.matchId, revision: head.revision, time: head.time, fingerprint, pinned: pinnedPrints !== undefined };
  }
  const receipt = options.receipt;
  if (receipt === undefined) return { ok: true, chain, signature };
  const fingerprint = thumbprintOf(receipt.jwk);
  if (!signatureHolds(receipt)) return refuse('RECEIPT_SIGNATURE_INVALID', say.receiptSignature(fingerprint), fingerprint);
  const trusted = pinnedPrints ? pinnedPrints.has(fingerprint) : signature !== 'unsigned' && signature.fingerprint === fingerprint;
  if (!trusted) return refuse('RECEIPT_SIGNATURE_INVALID', say.receiptKey(fingerprint), fingerprint);
  if (signature !== 'unsigned' && receipt.head.matchId !== signature.matchId)
    return refuse('RECEIPT_MISMATCH', say.receiptMatch(receipt.head.matchId, signature.matchId), fingerprint);
  const { revision, hash } = receipt.head;
  if (revision > events.length) return refuse('RECEIPT_MISMATCH', say.receiptShort(revision, events.length), fingerprint, events.length + 1);
  const actual = linkOf(events[revision - 1])?.hash ?? '';
  if (actual !== hash) return refuse('RECEIPT_MISMATCH', say.receiptHash(revision, hash, actual), fingerprint, revision);
  return { ok: true, chain, signature, receipt: { revision, fingerprint } };
};

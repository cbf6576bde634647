// @matchlog/client/verify: receipts and exported logs checked offline against the server's JWKS. libs/audit's
// verification (node:crypto, Ed25519) reused as it is, so this entry point is for Node; the main entry stays browser-safe.
import { Ed25519Jwk, parseJsonLines, pinnedKeysOf, signatureHolds, signedHeadOf, thumbprintOf, verifyLog as verifyParsedLog } from '@matchlog/audit';
import type { Jwks, Receipt } from './types';

export type ReceiptVerdict =
  | { readonly ok: true; readonly matchId: string; readonly revision: number; readonly hash: string; readonly time: string; readonly fingerprint: string }
  | { readonly ok: false; readonly code: 'NOT_A_RECEIPT' | 'SIGNATURE_INVALID' | 'SIGNATURE_KEY_UNKNOWN'; readonly message: string };

export type LogVerification =
  | {
      readonly ok: true;
      /** the events the log holds */
      readonly revision: number;
      /** the signer's RFC 7638 thumbprint, or null for an unsigned log (allowUnsigned) */
      readonly fingerprint: string | null;
      /** the receipt's revision, when one was given and the log extends it */
      readonly receiptRevision?: number;
    }
  | { readonly ok: false; readonly code: string; readonly message: string; readonly line?: number };

export interface VerifyLogOptions {
  /** the server's JWKS: the head (and receipt) must be signed by one of its keys. Without it, any key that signs validly passes */
  readonly jwks?: Jwks;
  /** a receipt kept earlier: the log must extend the head it names */
  readonly receipt?: Receipt;
  readonly allowUnsigned?: boolean;
  readonly language?: 'en' | 'es';
}

const keysOf = (jwks: Jwks): Ed25519Jwk[] => {
  const keys = pinnedKeysOf(JSON.stringify(jwks));
  return 'error' in keys ? [] : keys;
};

/** Whether a receipt (GET /matches/:id/receipt) is signed, validly, by a key of the server's JWKS. */
export const verifyReceipt = (receipt: unknown, jwks: Jwks): ReceiptVerdict => {
  const signed = signedHeadOf(receipt);
  if ('error' in signed) return { ok: false, code: 'NOT_A_RECEIPT', message: `the receipt ${signed.error}` };
  if (signed.head.purpose !== 'receipt') return { ok: false, code: 'NOT_A_RECEIPT', message: `the signed head is an ${signed.head.purpose}'s, not a receipt` };
  const fingerprint = thumbprintOf(signed.jwk);
  if (!signatureHolds(signed))
    return { ok: false, code: 'SIGNATURE_INVALID', message: `the receipt's signature does not hold for the key it names (${fingerprint}): it was changed or forged` };
  if (!keysOf(jwks).some((key) => thumbprintOf(key) === fingerprint))
    return { ok: false, code: 'SIGNATURE_KEY_UNKNOWN', message: `the receipt is signed by key ${fingerprint}, which is not in the JWKS: that server did not sign it` };
  const { matchId, revision, hash, time } = signed.head;
  return { ok: true, matchId, revision, hash, time, fingerprint };
};

/** An exported log (GET /matches/:id/export, JSON Lines) checked as `npx matchlog verify` does: its hash chain, its signed head, a receipt. */
export const verifyLog = (exported: string, options: VerifyLogOptions = {}): LogVerification => {
  const parsed = parseJsonLines(exported);
  if ('error' in parsed) return { ok: false, ...parsed.error };
  let receipt;
  if (options.receipt !== undefined) {
    receipt = signedHeadOf(options.receipt);
    if ('error' in receipt) return { ok: false, code: 'RECEIPT_SIGNATURE_INVALID', message: `the receipt ${receipt.error}` };
  }
  const verdict = verifyParsedLog(parsed, {
    ...(options.jwks && { pinned: keysOf(options.jwks) }),
    ...(receipt && { receipt }),
    allowUnsigned: options.allowUnsigned,
    language: options.language,
  });
  if (!verdict.ok) return { ok: false, code: verdict.code, message: verdict.message, ...(verdict.line !== undefined && { line: verdict.line }) };
  return {
    ok: true,
    revision: parsed.events.length,
    fingerprint: verdict.signature === 'unsigned' ? null : verdict.signature.fingerprint,
    ...(verdict.receipt && { receiptRevision: verdict.receipt.revision }),
  };
};

import {
  ChainVerdict,
  Ed25519Jwk,
  Finding,
  LogVerdict,
  MAX_JSON_DEPTH,
  SignedHead,
  chainHeadOf,
  checkCommitments,
  parseJsonLines,
  publicJwkOf,
  signHead,
  toJsonLines,
  verifyChain,
  verifyLog,
} from '@matchlog/audit';
import { JUDGE } from '@matchlog/domain';
import { EventStore } from '@matchlog/store';
import { tokenStreamOf } from '@matchlog/tokens';
import { KeyObject } from 'crypto';
import { Caller, mayRead } from '../access/caller';
import { BodyTooDeep, ChainBroken, LogRefused, LogUnreadable, MatchNotFound, ReceiptWithheld } from '../errors';
import { publicHorizon } from '../access/hold-back';
import { matchFor } from '../access/match-for';
import { MatchModels } from '../model/match-models';
import { readMatchEvents } from '../model/read-match-events';
import { TimeSource } from '../ports';
import { MatchWithTokens, MatchWriter } from '../write/match-writer';
import { LogImported, importOf } from '../write/import-mark';
import { languageOf } from '../audit/language';
import type { LogReader } from '../ledger/log-reader';
import { MatchLog, matchLogOf } from '../ledger/match-log';
import type { LoggedReceipt, ReceiptLogger } from '../ledger/receipt-logger';
import { unreadableLog } from './unreadable-log';

const ANONYMOUS: Caller = { kind: 'anonymous' };

const EXPORT_AGAIN =
  "export the match again (GET /matches/:id/export) from a server that signs with a key of this server's /.well-known/jwks.json (share it with MATCHLOG_SIGNING_KEY_FILE) or of its MATCHLOG_TRUSTED_KEYS";

const TRUST_IT =
  "to import exports of that server, trust its public keys: save its /.well-known/jwks.json and start this server with MATCHLOG_TRUSTED_KEYS naming that file; or export the match again from a server that signs with this server's key (MATCHLOG_SIGNING_KEY_FILE)";

/** The chain and the shuffles' commitments re-checked; where the log came from, if it was imported. */
export interface Verification {
  readonly matchId: string;
  readonly ok: boolean;
  readonly chain: ChainVerdict;
  readonly findings: Finding[];
  /** present when the match was imported from an export: how many events, and `signedBy`, the kid (RFC 7638 thumbprint) of the key that signed it (absent for imports recorded before keys were) */
  readonly imported?: LogImported;
}

/** Tamper evidence: receipts, the chain and the shuffles' commitments re-checked, export and import of a whole log. */
export class MatchIntegrity {
  constructor(
    private readonly store: EventStore,
    private readonly models: MatchModels,
    private readonly writer: MatchWriter,
    private readonly signingKey: KeyObject,
    private readonly time: TimeSource,
    /** MATCHLOG_TRUSTED_KEYS: other servers' public keys, whose exports are imported as this server's own are */
    private readonly trustedKeys: readonly Ed25519Jwk[] = [],
  ) {}

  /** The match's signed chain head at its latest revision. */
  async receipt(caller: Caller, matchId: string): Promise<SignedHead> {
    const model = await matchFor(this.models, caller, matchId, this.time.now(), 'history');
    const { state, head, salt } = model;
    // every audience of the match may read it, public included, while its hashes are salted: an
    // unsalted hash (a match recorded before chain salts) lets a brute force name hidden cards
    if (salt === undefined && !mayRead(caller, matchId, JUDGE)) throw new ReceiptWithheld(matchId);
    // a match whose delay holds its public side back: the head at its delayed revision (matchFor: not there while its MatchCreated is held back)
    const revision = publicHorizon(caller, matchId, model, this.time.now());
    if (revision === state.revision) return this.signed('receipt', matchId, state.revision, head);
    const hash = model.replay.eventAt(revision)?.meta?.hash;
    if (hash === undefined) throw new MatchNotFound(matchId);
    return this.signed('receipt', matchId, revision, hash);
  }

  /** The match's entries in the server's log and the published checkpoint; MATCH_NOT_FOUND where the match is not there for the caller (matchFor). */
  async logOf(caller: Caller, matchId: string, log: Pick<LogReader, 'entriesOf' | 'published'>): Promise<MatchLog> {
    await matchFor(this.models, caller, matchId, this.time.now());
    return matchLogOf(log, matchId);
  }

  /**
   * Enters the match's public receipt (the head a spectator may see now, never a held-back one) into the log:
   * anyone who may see the match may ask. MATCH_NOT_FOUND where the match is not there for the caller (matchFor);
   * RECEIPT_WITHHELD for a match recorded before chain salts.
   */
  async logReceipt(caller: Caller, matchId: string, logger: Pick<ReceiptLogger, 'enter'>): Promise<{ created: boolean; logged: LoggedReceipt }> {
    await matchFor(this.models, caller, matchId, this.time.now());
    return logger.enter(await this.receipt(ANONYMOUS, matchId));
  }

  /** The chain and the shuffles' commitments re-checked from the store, findings in the caller's language. */
  async verify(matchId: string, acceptLanguage: string | undefined): Promise<Verification> {
    const events = await readMatchEvents(this.store, matchId);
    const chain = verifyChain(events);
    const findings = checkCommitments(events, { language: languageOf(acceptLanguage) });
    const imported = importOf(await this.store.readStream(tokenStreamOf(matchId)));
    return { matchId, ok: chain.ok && findings.length === 0, chain, findings, ...(imported !== undefined && { imported }) };
  }

  /** The match log as JSON Lines, then its signed head. */
  async export(matchId: string): Promise<string> {
    const events = await readMatchEvents(this.store, matchId);
    return toJsonLines(events, this.signed('export', matchId, events.length, chainHeadOf(events)));
  }

  /** An exported log, verified against this server's key and the trusted keys, appended as the match its signed head names. */
  async import(body: unknown, matchId: string | undefined): Promise<MatchWithTokens> {
    if (typeof body !== 'string') throw new LogUnreadable(undefined, 'the body must be a match log as JSON Lines, sent as Content-Type: application/x-ndjson');
    const parsed = parseJsonLines(body);
    if ('error' in parsed) {
      const { code, line, message } = parsed.error;
      if (code === 'LINE_TOO_DEEP') throw new BodyTooDeep(MAX_JSON_DEPTH);
      throw code === 'LINE_NOT_CANONICAL' ? new LogRefused(code, line, `${message}: import the export as the server wrote it`) : unreadableLog(body, line, message);
    }
    if (parsed.events.length === 0) throw new LogUnreadable(undefined, 'the log holds no events');
    const verdict = verifyLog(parsed, { pinned: [publicJwkOf(this.signingKey), ...this.trustedKeys] });
    if (!verdict.ok) throw refusal(verdict);
    // verifyLog refuses a log without a signed head unless allowUnsigned: the head names its match
    if (verdict.signature === 'unsigned') throw new LogRefused('HEAD_MISSING', parsed.events.length + 1, `the log has no signed head; ${EXPORT_AGAIN}`);
    return this.writer.importExport(matchId, parsed.events, verdict.signature.matchId, verdict.signature.fingerprint);
  }

  /** The match's chain head at `revision`, signed now with the server's key. */
  private signed(purpose: 'export' | 'receipt', matchId: string, revision: number, hash: string): SignedHead {
    return signHead({ purpose, matchId, revision, hash, time: new Date(this.time.now()).toISOString() }, this.signingKey);
  }
}

/** The error for a log verifyLog refused. */
const refusal = (verdict: Extract<LogVerdict, { ok: false }>): Error => {
  if (verdict.code === 'CHAIN_BROKEN') {
    const { line, reason, message, eventId } = verdict.chain;
    return new ChainBroken(line, reason, message, eventId);
  }
  const { code, line, message } = verdict;
  if (code === 'HEAD_MISSING') {
    return new LogRefused(code, line, `the log has no signed head (its last line must be {"signedHead":…}): it was cut, or not exported by a matchlog server; ${EXPORT_AGAIN}`);
  }
  if (code === 'SIGNATURE_KEY_UNKNOWN') return new LogRefused(code, line, `${message}; ${TRUST_IT}`);
  // an import has no receipt: receipt codes can not arise here, and a bad signature is a bad signature
  return new LogRefused(code === 'HEAD_MISMATCH' ? code : 'SIGNATURE_INVALID', line, `${message}; ${EXPORT_AGAIN}`);
};

/*
 * The API's answers, by the names the OpenAPI document gives them: the TypeScript types the code
 * returns. `npm run schemas:responses` writes response-schemas.json from these declarations (a unit
 * test fails when it is stale); the document's components and the routes' serializers both come from
 * that file, so an answer carries the fields its type declares, and no other.
 */
import type { Ed25519Jwk, SignedHead as ReceiptHead } from '@matchlog/audit';
import type { Appended, DeskCallEntry, MatchSummaryWithAudiences, PlayerHistory } from '@matchlog/matches';

export type { KnowledgeReport, MatchClock, SignedHead } from '@matchlog/audit';
export type { MatchPage, MatchSummary } from '@matchlog/catalog';
export type { AudienceView, JudgeView } from '@matchlog/domain';
export type {
  AudienceEventsPage,
  AudienceEntry,
  EventsPage,
  AudienceQueueAt,
  AuditReport,
  DeliveryLeaks,
  JudgeEventsPage,
  JudgeEntry,
  JudgeQueueAt,
  MatchWithTokens,
  QueueAt,
  ReplayImported,
  RoundResults,
  RoundClosed,
  LoggedReceipt,
  RoundLog,
  CardStats,
  CardStatsOne,
  DeckStats,
  LeadStats,
  MatchupStats,
  TokensReissued,
  Verification,
  PenaltyVocabulary,
} from '@matchlog/matches';
export type { Problem } from '../errors/error.filter';
export type { Health, ReadyAnswer } from '../health/health.controller';

export type EventsAppended = Appended;
export type MatchDetail = MatchSummaryWithAudiences;
export interface Jwks {
  readonly keys: (Ed25519Jwk & { readonly use: 'sig'; readonly alg: 'EdDSA' })[];
}

export interface CallMade {
  readonly callId: string;
  readonly revision: number;
}
export interface RulingMade {
  readonly rulingId: string;
  readonly revision: number;
}
export interface NoteMade {
  readonly noteId: string;
  readonly revision: number;
}
export interface DeskRevision {
  readonly revision: number;
}
export interface DeskCalls {
  readonly calls: readonly DeskCallEntry[];
}
export interface DeskHistory {
  readonly event: string;
  readonly players: readonly PlayerHistory[];
}

/** `GET /matches/:id/receipt`: the signed head; with `?proof=1`, the head with the match's log entry and its proof. */
export type Receipt = ReceiptHead | ReceiptWithProof;

/** `GET /matches/:id/log`: the match's entries in the server's published log, and the published checkpoint (null before the first). */
export interface MatchLog {
  readonly entries: readonly {
    /** the entry's index in the log (its leaf) */
    readonly index: number;
    /** match-ended, match-voided or receipt */
    readonly kind: string;
    /** the match's revision the entry names */
    readonly revision: number;
  }[];
  readonly checkpoint: {
    /** the published checkpoint's tree size */
    readonly size: number;
    /** the ISO time the log signed it */
    readonly signedAt: string;
    /** how many witnesses cosigned it */
    readonly cosignatures: number;
  } | null;
}

/** `GET /matches/:id/receipt?proof=1`: the receipt, and the match's latest entry in the server's published log with its C2SP tlog-proof (null before the log holds one). */
export interface ReceiptWithProof {
  readonly receipt: ReceiptHead;
  readonly log: {
    /** the entry's text (matchlog/entry/v1) */
    readonly entry: string;
    /** the `.tlog-proof` file: its index, inclusion proof and the published checkpoint, with every cosignature */
    readonly proof: string;
  } | null;
}

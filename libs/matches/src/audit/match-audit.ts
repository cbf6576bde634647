import { Delivery, Finding, KnowledgeReport, Leak, auditMatch, checkDeliveries, knowledgeAt, knowledgeLedger } from '@matchlog/audit';
import { EventStore } from '@matchlog/store';
import { RevisionOutOfRange } from '../errors';
import { readMatch } from '../model/read-match';
import { languageOf } from './language';

/** The rules checks' findings at the latest revision. */
export interface AuditReport {
  readonly matchId: string;
  readonly revision: number;
  readonly findings: Finding[];
}

/** What the payloads a client was sent should not have told it. */
export interface DeliveryLeaks {
  readonly matchId: string;
  readonly leaks: Leak[];
}

/** What judges and auditors ask of a match, from the record the chain protects: who knew what, which rules were broken, what leaked. */
export class MatchAudit {
  constructor(private readonly store: EventStore) {}

  /** What each audience knew at `at` (the latest revision when absent), and since when. */
  async knowledge(matchId: string, at: number | undefined): Promise<KnowledgeReport> {
    const events = await readMatch(this.store, matchId);
    if (at !== undefined && at > events.length) throw new RevisionOutOfRange('at', at, events.length);
    return knowledgeAt(events, at ?? events.length, knowledgeLedger(events));
  }

  /** The rules checks, findings in the caller's language. */
  async audit(matchId: string, acceptLanguage: string | undefined): Promise<AuditReport> {
    const events = await readMatch(this.store, matchId);
    return { matchId, revision: events.length, findings: auditMatch(events, { language: languageOf(acceptLanguage) }) };
  }

  /** Payloads some audience received, checked for what it should not have learnt. */
  async deliveries(matchId: string, deliveries: readonly Delivery[]): Promise<DeliveryLeaks> {
    const events = await readMatch(this.store, matchId);
    return { matchId, leaks: checkDeliveries(events, deliveries) };
  }
}

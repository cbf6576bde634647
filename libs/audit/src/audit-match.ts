import { MatchEvent } from '@matchlog/domain';
import { checkCommitments } from './chain/commitment';
import { Finding, Language } from './finding';
import { ruleFindings } from './findings';
import { knowledgeLedger } from './knowledge/ledger';
import { selfAudit } from './self-audit';

export interface AuditOptions {
  readonly language?: Language;
  /** re-check the match's own observations and views against the ledger (default true; the costly part) */
  readonly selfAudit?: boolean;
  /** the organizer's slow-play threshold (SLOW_TURN); DEFAULT_SLOW_TURN_SECONDS by default */
  readonly slowTurnSeconds?: number;
}

/** Everything the audit finds in a match log, in revision order: rule findings, fair-shuffle checks, the self-audit. */
export const auditMatch = (events: readonly MatchEvent[], options: AuditOptions = {}): Finding[] => {
  const language = options.language ?? 'en';
  const findings = [
    ...ruleFindings(events, { language, slowTurnSeconds: options.slowTurnSeconds }),
    ...checkCommitments(events, { language }),
    ...(options.selfAudit === false ? [] : selfAudit(events, { language, ledger: knowledgeLedger(events) })),
  ];
  return findings.sort((a, b) => a.revision - b.revision);
};

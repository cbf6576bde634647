export type Severity = 'violation' | 'warning';
export type Language = 'en' | 'es';

/** Something the audit found in a match log: where, which rule, how bad, who, and what, in words. */
export interface Finding {
  /** the revision the event brought the match to (1 = MatchCreated) */
  readonly revision: number;
  readonly eventId: string;
  /** stable: tools and tests depend on it */
  readonly code: string;
  /** contains the rule number, e.g. "lorcana 7.2.2", "four-souls The Stack", "matchlog self-audit" */
  readonly rule: string;
  readonly severity: Severity;
  /** what was found, in a few words, in the message's language (findings/titles.ts) */
  readonly title: string;
  readonly players: readonly string[];
  readonly message: string;
}

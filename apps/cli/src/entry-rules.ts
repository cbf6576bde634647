import { MatchEntry } from '@matchlog/ledger';

/**
 * What a monitor alarms on among one match's entries (docs/ledger.md "Witnesses, verifying and monitoring"):
 * one revision logged with two heads (its history rewritten), a second end or void with another head, an end after
 * a void. Legitimate: receipts at any revisions, a void after an end (a judge's decision), an entry logged again as is.
 */
export const entryAlarm = (seen: readonly MatchEntry[], entry: MatchEntry): string | undefined => {
  const rewritten = seen.find((s) => s.revision === entry.revision && s.head !== entry.head);
  if (rewritten)
    return `match ${entry.matchId}: revision ${entry.revision} is logged with head ${entry.head}, and was logged before with head ${rewritten.head}: its history was rewritten`;
  const again = seen.find((s) => s.kind === entry.kind && entry.kind !== 'receipt' && s.head !== entry.head);
  if (again) return `match ${entry.matchId}: ${entry.kind} logged twice with different heads (revision ${again.revision}, then ${entry.revision})`;
  if (entry.kind === 'match-ended' && seen.some((s) => s.kind === 'match-voided')) return `match ${entry.matchId}: logged as ended after it was logged as voided`;
  return undefined;
};

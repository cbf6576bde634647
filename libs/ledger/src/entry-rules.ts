import { MatchEntry, RoundEntry } from './match-entry';

/**
 * What a monitor alarms on among one match's entries (docs/reference/ledger.md "Witnesses, verifying and monitoring"):
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

const roundName = (entry: RoundEntry): string => `round ${entry.round} of "${entry.event}"`;

/** The key a monitor keeps a round's entries under. */
export const roundKey = (entry: Pick<RoundEntry, 'event' | 'round'>): string => JSON.stringify([entry.event, entry.round]);

/**
 * A round closed again with another slip (`seen`: that round's entries before): legitimate, as a result may change
 * after a close (a void, a game recorded late), but a head judge should know. A notice, not an alarm, naming both
 * slip hashes: compare the two slips (GET /rounds/results then and now) to see what changed.
 */
export const roundNotice = (seen: readonly RoundEntry[], entry: RoundEntry): string | undefined => {
  const last = seen.at(-1);
  if (last === undefined || last.slip === entry.slip) return undefined;
  return `${roundName(entry)} was closed again with another slip: ${entry.slip}, after ${last.slip}${seen.length > 1 ? ` (closed ${seen.length + 1} times)` : ''}; a result changed after it was closed`;
};

/**
 * A round entry that contradicts the matches' own entries (`matches`: each match's entries seen before): it counts a
 * match at another revision or head than the match's logged end, or a match logged as voided (a void counts for
 * nothing, and a round closed after it does not count it). An alarm: the slip names a game that is not the one logged.
 */
export const roundAlarm = (matches: Readonly<Record<string, readonly MatchEntry[]>>, entry: RoundEntry): string | undefined => {
  for (const count of entry.counts) {
    const logged = matches[count.matchId] ?? [];
    const end = logged.find((s) => s.kind === 'match-ended');
    if (end !== undefined && (end.revision !== count.revision || end.head !== count.head))
      return `${roundName(entry)} counts match ${count.matchId} at revision ${count.revision} with head ${count.head}, but its end is logged at revision ${end.revision} with head ${end.head}`;
    if (logged.some((s) => s.kind === 'match-voided')) return `${roundName(entry)} counts match ${count.matchId}, which is logged as voided`;
  }
  return undefined;
};

/** A match's end logged after a round counted the match (`rounds`: every round entry seen before) at another revision or head: an alarm. */
export const endAgainstRounds = (rounds: readonly RoundEntry[], entry: MatchEntry): string | undefined => {
  if (entry.kind !== 'match-ended') return undefined;
  for (const round of rounds) {
    const count = round.counts.find((c) => c.matchId === entry.matchId);
    if (count !== undefined && (count.revision !== entry.revision || count.head !== entry.head))
      return `match ${entry.matchId}: its end is logged at revision ${entry.revision} with head ${entry.head}, but ${roundName(round)} counted it at revision ${count.revision} with head ${count.head}`;
  }
  return undefined;
};

import { BroadcastDelay } from '../events/events';

/**
 * When a fact recorded at `recordedAt` has waited out the delay's seconds (milliseconds since the epoch): its time
 * plus the seconds. A time that cannot be read counts as recorded just now, at every now: shown at once where there
 * are no seconds to wait, never where there are.
 */
export const secondsWaitedAt = (recordedAt: string | undefined, delay: BroadcastDelay): number => {
  const seconds = delay.seconds ?? 0;
  const at = Date.parse(recordedAt ?? '');
  if (Number.isNaN(at)) return seconds === 0 ? -Infinity : Infinity;
  return at + seconds * 1000;
};

/** A match's end as the delay's rule needs it: MatchEnded's revision, and when it has waited out the seconds (secondsWaitedAt). */
export interface DelayedEnd {
  readonly revision: number;
  readonly waited: number;
}

/**
 * The broadcast delay's rule, in one place: from when (milliseconds since the epoch) the fact at `revision` is shown
 * behind the match, as far as the events recorded so far tell; Infinity: not before more is recorded. `waited` is
 * when the fact has waited out the delay's seconds (secondsWaitedAt). A fact is shown once it has waited its seconds
 * and its revision is at most the head less the delay's events, or once the match's end (`end`, at most the head)
 * is shown: no event follows an end to push the last `delay.events` past the window, so after it the delay counts
 * seconds only (an event after the end, a MatchVoided, still waits its own). Revision 0 (before MatchCreated) is
 * always shown.
 *
 * delayedRevision (the broadcast, and the public side it holds back) asks it of each revision; the catalog keeps its
 * answer for each fact it holds (MatchCreated, MatchEnded, TimeCalled, MatchVoided) and compares it with the reader's
 * time, so the rule is not written again in SQL.
 */
export const factShownFrom = (revision: number, waited: number, head: number, delay: BroadcastDelay, end?: DelayedEnd): number => {
  if (revision <= 0) return -Infinity;
  if (revision <= head - (delay.events ?? 0)) return waited;
  return end !== undefined && end.revision <= head ? Math.max(waited, end.waited) : Infinity;
};

/**
 * The latest revision the broadcast may show at `now` (milliseconds since the epoch, the caller's
 * time source): the latest revision shown at `now` by factShownFrom, everything before it with it.
 * `recordedAt(r)` is event r's meta.recordedAt; `ended`, the revision of MatchEnded where the match
 * has ended. So: the latest r with r <= head - delay.events whose event was recorded at or before
 * now - delay.seconds, or, once MatchEnded was recorded at or before now - delay.seconds, the latest
 * r up to the head recorded by then.
 */
export const delayedRevision = (head: number, delay: BroadcastDelay, recordedAt: (revision: number) => string | undefined, now: number, ended?: number): number => {
  const end = ended === undefined ? undefined : { revision: ended, waited: secondsWaitedAt(recordedAt(ended), delay) };
  let revision = head;
  while (revision > 0 && factShownFrom(revision, secondsWaitedAt(recordedAt(revision), delay), head, delay, end) > now) revision--;
  return revision;
};

/** Whether the match runs its broadcast behind the match at all. */
export const hasBroadcastDelay = (delay: BroadcastDelay): boolean => (delay.events ?? 0) > 0 || (delay.seconds ?? 0) > 0;

/** Whether the match's public side (public view, catalog entry, round results) holds back the broadcast's window too: by default, where there is a delay. */
export const holdsBackPublic = (delay: BroadcastDelay | undefined): delay is BroadcastDelay => delay !== undefined && hasBroadcastDelay(delay) && delay.holdBackPublic !== false;

import { BroadcastDelay } from '../events/events';

/**
 * The latest revision the broadcast may show at `now` (milliseconds since the epoch, the caller's
 * time source): the latest r with r <= head - delay.events whose event was recorded at or before
 * now - delay.seconds. Revision 0 (before MatchCreated) is always allowed. `recordedAt(r)` is event
 * r's meta.recordedAt; an event without a readable one counts as recorded just now.
 *
 * After the end: `ended` is the revision of MatchEnded, where the match has ended. No event follows an
 * end to push the last `delay.events` past the window, so once MatchEnded was recorded at or before
 * now - delay.seconds (at once, for a delay in events alone), the delay counts seconds only: the rest
 * of the match is let out, and an event after the end (a MatchVoided) still waits its seconds.
 */
export const delayedRevision = (head: number, delay: BroadcastDelay, recordedAt: (revision: number) => string | undefined, now: number, ended?: number): number => {
  const seconds = delay.seconds ?? 0;
  const cutoff = now - seconds * 1000;
  const shown = (revision: number) => {
    const at = Date.parse(recordedAt(revision) ?? '');
    return (Number.isNaN(at) ? now : at) <= cutoff;
  };
  let revision = ended !== undefined && ended <= head && shown(ended) ? head : Math.max(0, head - (delay.events ?? 0));
  if (seconds === 0) return revision;
  while (revision > 0 && !shown(revision)) revision--;
  return revision;
};

/** Whether the match runs its broadcast behind the match at all. */
export const hasBroadcastDelay = (delay: BroadcastDelay): boolean => (delay.events ?? 0) > 0 || (delay.seconds ?? 0) > 0;

/** Whether the match's public side (public view, catalog entry, round results) holds back the broadcast's window too: by default, where there is a delay. */
export const holdsBackPublic = (delay: BroadcastDelay | undefined): delay is BroadcastDelay => delay !== undefined && hasBroadcastDelay(delay) && delay.holdBackPublic !== false;

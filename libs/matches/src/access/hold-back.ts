import { HoldBack } from '@matchlog/catalog';
import { MatchState, delayedRevision, holdsBackPublic } from '@matchlog/domain';
import { Caller } from './caller';
import { EndSource, endedRevisionOf } from './ended-revision';

/**
 * The heads of delayed matches `caller` sees on their public side (public view, catalog entry, round
 * results): every one (the organizer), its own match's (its judge, recorder and players: each knows the
 * head already), or none (no token, a broadcast token). The one decision: the views (seesHead) and the
 * catalog's queries (catalogHoldBackOf, which the SQL of libs/catalog's hold-back.ts applies) take it from here.
 */
export const headsSeenBy = (caller: Caller): 'every' | { readonly match: string } | 'none' => {
  if (caller.kind === 'organizer') return 'every';
  return caller.kind === 'judge' || caller.kind === 'recorder' || caller.kind === 'player' ? { match: caller.matchId } : 'none';
};

/** Whether `caller` sees the match's head (headsSeenBy); anyone else sees it as its broadcast does. */
export const seesHead = (caller: Caller, matchId: string): boolean => {
  const heads = headsSeenBy(caller);
  return heads === 'every' || (heads !== 'none' && heads.match === matchId);
};

/**
 * The latest revision of the match's public side `caller` may see at `now`: the head, but for a match
 * whose broadcastDelay holds the public back (the default: holdsBackPublic), the broadcast's delayed
 * revision for anyone who does not see the head. 0: the match is not there for that caller yet.
 */
export const publicHorizon = (
  caller: Caller,
  matchId: string,
  match: { readonly state: Pick<MatchState, 'revision' | 'layout' | 'ended'>; readonly replay: { recordedAt(revision: number): string | undefined } & EndSource['replay'] },
  now: number,
): number => {
  const head = match.state.revision;
  const delay = match.state.layout?.broadcast?.delay;
  if (!holdsBackPublic(delay) || seesHead(caller, matchId)) return head;
  return delayedRevision(head, delay, (revision) => match.replay.recordedAt(revision), now, endedRevisionOf(match));
};

/** Whether the match's public side is held back from `caller` (then a model that began at a snapshot needs its whole log to find the horizon). */
export const isHeldBackFrom = (caller: Caller, matchId: string, state: Pick<MatchState, 'layout'>): boolean =>
  holdsBackPublic(state.layout?.broadcast?.delay) && !seesHead(caller, matchId);

/** How the catalog answers `caller` at `now` (catalog hold-back.ts): every head, or as of each delay but for the one match whose head it sees (headsSeenBy). */
export const catalogHoldBackOf = (caller: Caller, now: number): HoldBack | undefined => {
  const heads = headsSeenBy(caller);
  return heads === 'every' ? undefined : { now: new Date(now).toISOString(), ...(heads !== 'none' && { except: heads.match }) };
};

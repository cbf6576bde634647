import { HoldBack } from '@matchlog/catalog';
import { MatchState, delayedRevision, holdsBackPublic } from '@matchlog/domain';
import { Caller } from './caller';
import { EndSource, endedRevisionOf } from './ended-revision';

/**
 * Who sees a delayed match's head on its public side (public view, catalog entry, round results): the
 * organizer, and the match's own judge, recorder and players (each knows the head already). Anyone
 * else (no token, a broadcast token, another match's token) sees it as its broadcast does.
 */
export const seesHead = (caller: Caller, matchId: string): boolean =>
  caller.kind === 'organizer' || ((caller.kind === 'judge' || caller.kind === 'recorder' || caller.kind === 'player') && caller.matchId === matchId);

/** The one match whose head a match token shows in the catalog, besides the matches that hold nothing back. */
export const ownMatchOf = (caller: Caller): string | undefined => (caller.kind === 'judge' || caller.kind === 'recorder' || caller.kind === 'player' ? caller.matchId : undefined);

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

/** How the catalog answers `caller` at `now` (catalog hold-back.ts): every head for the organizer; else as of each delay, but for the caller's own match. */
export const catalogHoldBackOf = (caller: Caller, now: number): HoldBack | undefined =>
  caller.kind === 'organizer' ? undefined : { now: new Date(now).toISOString(), ...(ownMatchOf(caller) !== undefined && { except: ownMatchOf(caller) }) };

import { BROADCAST, JUDGE, PUBLIC, audiencesOf, delayedRevision, hasBroadcastDelay } from '@matchlog/domain';
import { Caller, assertMayRead, mayRead } from './caller';
import { endedRevisionOf } from './ended-revision';
import { publicHorizon } from './hold-back';
import { AudienceNotFound, BroadcastDelayed, RevisionOutOfRange } from '../errors';
import { BroadcastNotForPlayers } from './broadcast-not-for-players';
import type { MatchModel } from '../model/match-model';

type LoadedMatch = Pick<MatchModel, 'state' | 'replay'>;

/** The audience, if the match has it: public, the broadcast where the match asks for one, one of its players, or judge. */
export const audienceIn = (match: Pick<LoadedMatch, 'state'>, audience: string): string => {
  const audiences = match.state.layout ? audiencesOf(match.state.layout) : [PUBLIC, JUDGE];
  if (audiences.includes(audience)) return audience;
  throw new AudienceNotFound(audience, audiences);
};

/** A revision of the match to look at: the latest when absent, never past it. */
export const revisionIn = (match: LoadedMatch, field: string, at: number | undefined): number => {
  const latest = match.state.revision;
  if (at === undefined) return latest;
  if (at > latest) throw new RevisionOutOfRange(field, at, latest);
  return at;
};

/**
 * 401/403 unless the caller may read the audience. The broadcast: never with a player's token, of any
 * match (the one reader its delay exists to keep out, and a best-of-three's next game has the same
 * decks); else anyone's when public, the judge's, the organizer's and its token's when 'token'.
 */
export const assertMayReadIn = (caller: Caller, matchId: string, match: Pick<LoadedMatch, 'state'>, audience: string): void => {
  if (audience === BROADCAST && caller.kind === 'player') throw new BroadcastNotForPlayers();
  if (audience === BROADCAST && match.state.layout?.broadcast?.access === 'public') return;
  assertMayRead(caller, matchId, audience);
};

/**
 * The latest revision this caller may see of the audience at `now`: the head, except in a match with a
 * broadcastDelay the broadcast, which only the judge, the recorder and the organizer see past its
 * delayed revision, and the public view, held back as far for anyone but them and the match's players
 * unless the match opts out (publicHorizon).
 */
export const latestFor = (
  caller: Caller,
  matchId: string,
  match: { readonly state: LoadedMatch['state']; readonly replay: Pick<LoadedMatch['replay'], 'recordedAt' | 'eventAt'> },
  audience: string,
  now: number,
): number => {
  const head = match.state.revision;
  const delay = match.state.layout?.broadcast?.delay;
  if (delay === undefined || !hasBroadcastDelay(delay) || mayRead(caller, matchId, JUDGE)) return head;
  if (audience === BROADCAST) return delayedRevision(head, delay, (revision) => match.replay.recordedAt(revision), now, endedRevisionOf(match));
  return publicHorizon(caller, matchId, match, now);
};

/**
 * Like revisionIn, then never past `latest` (latestFor): BROADCAST_DELAYED (403) for a revision the delay
 * still holds back. A caller held back from the head gets that for any revision past `latest`, past the
 * head too: no answer tells it how far the match is.
 */
export const revisionUpTo = (match: LoadedMatch, field: string, at: number | undefined, latest: number): number => {
  if (at === undefined) return latest;
  if (at > latest && latest < match.state.revision) throw new BroadcastDelayed(field, at, latest);
  return revisionIn(match, field, at);
};

/** Where a page of observations starts (`from`): past the head is out of range, but for a caller held back from the head, whose page past `latest` is empty (never a message naming the head). */
export const fromIn = (match: LoadedMatch, from: number, latest: number): number => (latest < match.state.revision ? Math.min(from, latest) : revisionIn(match, 'from', from));

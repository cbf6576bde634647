import { Caller } from './caller';
import { isHeldBackFrom, publicHorizon } from './hold-back';
import { MatchNotFound } from '../errors';
import type { MatchModel } from '../model/match-model';
import type { MatchModels, Reach } from '../model/match-models';

type HeldBackSource = Parameters<typeof publicHorizon>[2];

/**
 * MATCH_NOT_FOUND, as for an id never created, where the match is not there for `caller` at `now`: its
 * broadcastDelay holds its public side back from the caller (isHeldBackFrom: no token, a broadcast token,
 * another match's token) and nothing of it is shown yet (publicHorizon 0). Asked before any audience,
 * token or revision is looked at, so no status, message or header tells it from a missing match. The
 * organizer key and the match's own judge, recorder and player tokens see it as ever; once its first
 * revision is shown, it is there for everyone.
 */
export const assertThereFor = (caller: Caller, matchId: string, match: HeldBackSource, now: number): void => {
  if (isHeldBackFrom(caller, matchId, match.state) && publicHorizon(caller, matchId, match, now) === 0) throw new MatchNotFound(matchId);
};

/**
 * The match, for a route that names it: loaded as `reach` asks, then assertThereFor. A model started at a
 * snapshot is given its whole log first where the match is held back from the caller (the horizon needs it).
 */
export const matchFor = async (models: MatchModels, caller: Caller, matchId: string, now: number, reach: Reach = 'head'): Promise<MatchModel> => {
  let match = await models.load(matchId, reach);
  if (match.replay.start > 0 && isHeldBackFrom(caller, matchId, match.state)) match = await models.load(matchId);
  assertThereFor(caller, matchId, match, now);
  return match;
};

import { PUBLIC } from '@matchlog/domain';
import { Caller } from '../access/caller';
import { feedHorizon } from '../access/feed-horizon';
import { assertMayReadIn, audienceIn } from '../access/match-access';
import { assertThereFor } from '../access/match-for';
import { MatchModel } from '../model/match-model';
import { MatchModels } from '../model/match-models';
import { feedStart } from './feed-start';

export interface OpenedFeed {
  /** the match's model, held until the feed releases it */
  readonly model: MatchModel;
  readonly audience: string;
  /** the revision the stream resumes after; undefined: it starts with the view at its horizon */
  readonly from: number | undefined;
}

/**
 * A live feed about to start: the match held in memory, the audience checked against the caller, and
 * where the stream resumes (Last-Event-ID, else `from`), never past what the caller may see at `now`.
 */
export const openFeed = async (
  models: MatchModels,
  caller: Caller,
  matchId: string,
  request: { audience?: string; from?: number; lastEventId?: string },
  now: number,
): Promise<OpenedFeed> => {
  const model = await models.hold(matchId);
  try {
    assertThereFor(caller, matchId, model, now);
    const audience = audienceIn(model, request.audience ?? PUBLIC);
    assertMayReadIn(caller, matchId, model, audience);
    return { model, audience, from: feedStart(request.lastEventId, request.from, feedHorizon(model, audience, caller, now)) };
  } catch (error) {
    models.release(model);
    throw error;
  }
};

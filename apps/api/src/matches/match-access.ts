import { JUDGE, PUBLIC } from '@matchlog/domain';
import { AudienceNotFound, RevisionOutOfRange } from '../errors/api-errors';
import { LoadedMatch } from './match-replays';

/** The audience, if the match has it: public, judge, or one of its players. */
export const audienceIn = (match: Pick<LoadedMatch, 'state'>, audience: string): string => {
  if (audience === PUBLIC || audience === JUDGE || match.state.layout?.playerIds.includes(audience)) return audience;
  throw new AudienceNotFound(audience);
};

/** A revision of the match to look at: the latest when absent, never past it. */
export const revisionIn = (match: LoadedMatch, field: string, at: number | undefined): number => {
  const latest = match.state.revision;
  if (at === undefined) return latest;
  if (at > latest) throw new RevisionOutOfRange(field, at, latest);
  return at;
};

import { MatchState } from '@matchlog/domain';
import { Caller } from '../auth/caller';

/** What the feed knows of a match when it decides how far a caller may follow an audience. */
export interface FeedSource {
  readonly matchId: string;
  /** the latest revision stored */
  readonly revision: number;
  /** the omniscient state at that revision (its layout, MatchCreated's data) */
  readonly state: MatchState;
}

/**
 * The latest revision of `audience` that `caller` may see: the feed sends nothing past it, and a
 * resume past it is refused. Every audience today sees the head; a delayed audience answers less
 * here, and the feed follows (it asks again at each append).
 */
export const feedHorizon = (source: FeedSource, _audience: string, _caller: Caller): number => source.revision;

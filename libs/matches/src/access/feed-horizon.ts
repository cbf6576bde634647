import { MatchState, Replay } from '@matchlog/domain';
import { Caller } from './caller';
import { latestFor } from './match-access';

/** What the feed knows of a match when it decides how far a caller may follow an audience. */
export interface FeedSource {
  readonly matchId: string;
  /** the omniscient state at the latest revision stored (its layout: MatchCreated's data, the broadcast's delay) */
  readonly state: MatchState;
  /** the match's events: each one's meta.recordedAt, and where its MatchEnded is (the delay lets the rest out after the end) */
  readonly replay: Pick<Replay, 'recordedAt' | 'eventAt'>;
}

/**
 * The latest revision of `audience` that `caller` may see at `now`: the feed sends nothing past it, and a
 * resume past it is refused. The head, but for a delayed broadcast (latestFor, as the views have it); the
 * feed asks again at each append, and for a delay in seconds on the hub's tick.
 */
export const feedHorizon = (source: FeedSource, audience: string, caller: Caller, now: number): number => latestFor(caller, source.matchId, source, audience, now);

import { CatalogDb, MatchSummary, findMatch } from '@matchlog/catalog';
import { AudienceView, FeedEntry, JudgeSource, JudgeView, PUBLIC, QueueView, SeenCard, audiencesOf } from '@matchlog/domain';
import { Caller } from '../access/caller';
import { assertMayReadIn, audienceIn, latestFor, revisionIn, revisionUpTo } from '../access/match-access';
import { MatchNotFound } from '../errors';
import { MatchModels } from '../model/match-models';
import { Clock } from '../ports';

/** The pending queue as an audience sees it, at a revision. */
export type QueueAt = QueueHead & (QueueView<SeenCard> | QueueView<JudgeSource> | QueueHead);

/** The revision and whose turn it is: all a queue answers before the match has one (the judge's, at revision 0). */
export interface QueueHead {
  readonly revision: number;
  readonly activePlayer: string | null;
}

/** An audience's observations after `from` up to `to`, what a replay viewer plays back. */
export interface ObservationFeed {
  readonly audience: string;
  readonly from: number;
  readonly to: number;
  readonly observations: FeedEntry[];
}

/** The catalog's summary of a match, with the audiences it has. */
export interface MatchSummaryWithAudiences extends MatchSummary {
  /** public, broadcast where the match has one, each player id, judge */
  readonly audiences: string[];
}

/** The read side of a match for a caller: every answer checks the audience, the caller's access and the broadcast's delay first. */
export class MatchReader {
  constructor(
    private readonly models: MatchModels,
    private readonly catalog: CatalogDb,
    private readonly clock: Clock,
  ) {}

  /** The audience's view at `at`, or at the latest revision this caller may see. */
  async view(caller: Caller, matchId: string, audience: string, at: number | undefined): Promise<AudienceView | JudgeView> {
    const readable = await this.readable(caller, matchId, audience, 'at', at);
    return readable.match.replay.viewAt(readable.audience, readable.revision);
  }

  /** The pending bag or stack as the audience sees it. */
  async queue(caller: Caller, matchId: string, audience: string = PUBLIC, at: number | undefined): Promise<QueueAt> {
    const view = await this.view(caller, matchId, audience, at);
    return { revision: view.revision, activePlayer: view.turn.player, ...view.queue };
  }

  /** The audience's observations after `from` up to `to` (or the latest it may see), for playing back. */
  async observations(caller: Caller, matchId: string, audience: string = PUBLIC, from: number | undefined, to: number | undefined): Promise<ObservationFeed> {
    const { match, audience: who, revision } = await this.readable(caller, matchId, audience, 'to', to);
    const start = Math.min(revisionIn(match, 'from', from ?? 0), revision);
    return { audience: who, from: start, to: revision, observations: match.replay.observations(who, start, revision) };
  }

  /** The catalog's summary of the match, with the audiences it has. */
  async summary(matchId: string): Promise<MatchSummaryWithAudiences> {
    const match = await findMatch(this.catalog, matchId);
    if (!match) throw new MatchNotFound(matchId);
    const { layout } = (await this.models.load(matchId)).state;
    return { ...match, audiences: layout ? audiencesOf(layout) : [] };
  }

  private async readable(caller: Caller, matchId: string, audience: string, field: string, at: number | undefined) {
    const match = await this.models.load(matchId);
    const who = audienceIn(match, audience);
    assertMayReadIn(caller, matchId, match, who);
    return { match, audience: who, revision: revisionUpTo(match, field, at, latestFor(caller, matchId, match, who, this.clock.now())) };
  }
}

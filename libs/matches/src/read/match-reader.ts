import { CatalogDb, MatchFilter, MatchPage, MatchSummary, findMatch, listMatches } from '@matchlog/catalog';
import { AudienceView, BROADCAST, BroadcastDelay, JudgeSource, JudgeView, MatchEvent, Observation, PUBLIC, QueueView, SeenCard, audiencesOf } from '@matchlog/domain';
import { Caller } from '../access/caller';
import { assertMayReadIn, audienceIn, fromIn, latestFor, revisionUpTo } from '../access/match-access';
import { catalogHoldBackOf, isHeldBackFrom, publicHorizon } from '../access/hold-back';
import { matchFor } from '../access/match-for';
import { MatchNotFound } from '../errors';
import { MatchModels } from '../model/match-models';
import { TimeSource } from '../ports';
import { CatalogFreshness } from './catalog-freshness';

/** The pending queue as an audience sees it, at a revision. */
export type QueueAt = AudienceQueueAt | JudgeQueueAt;
/** An audience's queue: sources as that audience sees them. */
export type AudienceQueueAt = QueueHead & QueueView<SeenCard>;
/** The judge's queue: sources by card id; none before the match has a ruleset (revision 0). */
export type JudgeQueueAt = QueueHead & (QueueView<JudgeSource> | QueueHead);

/** The revision and whose turn it is: all a queue answers before the match has one (the judge's, at revision 0). */
export interface QueueHead {
  readonly revision: number;
  readonly activePlayer: string | null;
}

/** An audience's observations after `from` up to `to`, what a replay viewer plays back. */
export type EventsPage = AudienceEventsPage | JudgeEventsPage;

interface EventsPageRange {
  readonly audience: string;
  readonly from: number;
  readonly to: number;
}

/** What an audience observed: observations, never events. */
export interface AudienceEventsPage extends EventsPageRange {
  readonly observations: AudienceEntry[];
}

/** What the judge observes: the events themselves. */
export interface JudgeEventsPage extends EventsPageRange {
  readonly observations: JudgeEntry[];
}

/** One observation of an audience, and the revision it brought the audience to (also one live feed message). */
export interface AudienceEntry {
  readonly revision: number;
  readonly observation: Observation;
}

/** One event as the judge observes it. */
export interface JudgeEntry {
  readonly revision: number;
  readonly observation: MatchEvent;
}

/** The catalog's summary of a match, with the audiences it has. */
export interface MatchSummaryWithAudiences extends MatchSummary {
  /** public, broadcast where the match has one, each player id, judge */
  readonly audiences: string[];
  /** how far the broadcast runs behind the match, where the match has a broadcast (MatchCreated's broadcastDelay) */
  readonly broadcastDelay?: { readonly events?: number; readonly seconds?: number; readonly holdBackPublic?: boolean };
}

/** The read side of a match for a caller: every answer checks the audience, the caller's access and the broadcast's delay first. */
export class MatchReader {
  constructor(
    private readonly models: MatchModels,
    private readonly catalog: CatalogDb,
    private readonly time: TimeSource,
    private readonly freshness: CatalogFreshness,
  ) {}

  /** The audience's view at `at`, or at the latest revision this caller may see. */
  async view(caller: Caller, matchId: string, audience: string, at: number | undefined): Promise<AudienceView | JudgeView> {
    const readable = await this.readable(caller, matchId, audience, 'at', at);
    const view = readable.match.replay.viewAt(readable.audience, readable.revision);
    // the transport writes it through the schema of the audience asked for: a view of another would be cut to that
    if (view.audience !== readable.audience) throw new Error(`a view of ${view.audience} was made for ${readable.audience}`);
    return view;
  }

  /** The pending bag or stack as the audience sees it. */
  async queue(caller: Caller, matchId: string, audience: string = PUBLIC, at: number | undefined): Promise<QueueAt> {
    const view = await this.view(caller, matchId, audience, at);
    return { revision: view.revision, activePlayer: view.turn.player, ...view.queue } as QueueAt;
  }

  /** The audience's observations after `from` up to `to` (or the latest it may see), for playing back. */
  async observations(caller: Caller, matchId: string, audience: string = PUBLIC, from: number | undefined, to: number | undefined): Promise<EventsPage> {
    const { match, audience: who, revision, latest } = await this.readable(caller, matchId, audience, 'to', to, from ?? 0);
    const start = Math.min(fromIn(match, from ?? 0, latest), revision);
    return { audience: who, from: start, to: revision, observations: match.replay.observations(who, start, revision) } as EventsPage;
  }

  /** How far behind the match its broadcast runs, as MatchCreated set it (undefined where it has no broadcast): the delay, never a revision. */
  async broadcastDelay(matchId: string): Promise<BroadcastDelay | undefined> {
    return (await this.models.load(matchId, 'head')).state.layout?.broadcast?.delay;
  }

  /**
   * A page of the match history, newest first, as `caller` may see it: a match whose delay holds its
   * public side back (hold-back.ts) as of its delayed revision; `after`: a position an append answered with (CatalogFreshness).
   */
  async list(caller: Caller, filter: MatchFilter, limit: number, cursor: [string, string] | undefined, after?: number): Promise<MatchPage> {
    await this.freshness.reach(after);
    const now = this.time.now();
    const { matches, nextCursor, heldBack } = await listMatches(this.catalog, filter, limit, cursor, catalogHoldBackOf(caller, now));
    if (heldBack.length === 0) return { matches, nextCursor };
    const seen: MatchSummary[] = [];
    for (const match of matches) {
      const revision = heldBack.includes(match.matchId) ? await this.publicRevision(caller, match.matchId, now) : match.revision;
      if (revision > 0) seen.push({ ...match, eventCount: revision, revision });
    }
    return { matches: seen, nextCursor };
  }

  /** The catalog's summary of the match, with the audiences it has, as `caller` may see it (as list does). */
  async summary(caller: Caller, matchId: string, after?: number): Promise<MatchSummaryWithAudiences> {
    await this.freshness.reach(after);
    const now = this.time.now();
    const match = await findMatch(this.catalog, matchId, catalogHoldBackOf(caller, now));
    if (!match) throw new MatchNotFound(matchId);
    const model = await matchFor(this.models, caller, matchId, now);
    const revision = isHeldBackFrom(caller, matchId, model.state) ? publicHorizon(caller, matchId, model, now) : match.revision;
    const { layout } = model.state;
    return {
      ...match,
      eventCount: revision,
      revision,
      audiences: layout ? audiencesOf(layout) : [],
      ...(layout?.broadcast && { broadcastDelay: layout.broadcast.delay }),
    };
  }

  /** The delayed revision of a match held back from `caller`: its whole log read, as the broadcast's is. */
  private async publicRevision(caller: Caller, matchId: string, now: number): Promise<number> {
    return publicHorizon(caller, matchId, await this.models.load(matchId), now);
  }

  /** `earliest`: the first revision the answer reads, when it reads from one (observations) */
  private async readable(caller: Caller, matchId: string, audience: string, field: string, at: number | undefined, earliest?: number) {
    const now = this.time.now();
    // not there for this caller (a match inside its delay window): MATCH_NOT_FOUND before the audience or the token is looked at
    let match = await matchFor(this.models, caller, matchId, now);
    // a model started at a snapshot answers from there on: an earlier revision, or a delayed broadcast's, needs the whole log (matchFor gave a held-back public its own)
    if (match.replay.start > 0 && (audience === BROADCAST || Math.min(at ?? Infinity, earliest ?? Infinity) < match.replay.start)) match = await this.models.load(matchId);
    const who = audienceIn(match, audience);
    assertMayReadIn(caller, matchId, match, who);
    const latest = latestFor(caller, matchId, match, who, now);
    return { match, audience: who, latest, revision: revisionUpTo(match, field, at, latest) };
  }
}

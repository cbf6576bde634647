import { ID, MatchEvent, MatchState } from '@matchlog/domain';
import { EventStore, LogProcessor, StoredEvent } from '@matchlog/store';
import { LruByWeight } from './lru-by-weight';
import { MatchModel } from './match-model';
import { asMatchEvent, readMatchEvents } from './read-match-events';
import { MatchSnapshots } from '../snapshot/match-snapshots';
import { MatchNotFound } from '../errors';

/**
 * What a caller will ask of a match: `history`, any revision (the whole log in memory); `head`, the
 * latest revisions only, which a model started at a snapshot answers without the events before it.
 */
export type Reach = 'history' | 'head';

const CACHED_MATCHES = 500;
/** about 200 MB of heap at the ~0.7–1.1 KB per cached event bench/replay-memory.bench.ts measures: a venue's laptop, not a server's spare gigabyte */
export const DEFAULT_REPLAY_CACHE_EVENTS = 200_000;

/**
 * The instance's one model per match. A match is read from the store once, then kept up to date by one
 * catch-up rule: whatever the store holds beyond the model's revision is read and added, whoever wrote
 * it. The writer adds its own appends at once, and the log consumer tells of every append (any
 * instance's), so followed matches move on without being asked. Matches no feed holds are bounded by
 * events held (MATCHLOG_REPLAY_CACHE_EVENTS) and by count; a held one stays until its last holder lets go.
 * A match read for its head only starts at its latest snapshot, when it has one that checks out
 * against the log; asked for its history later, the model is given the events before it.
 */
export class MatchModels implements LogProcessor {
  readonly name = 'live matches';
  private readonly cache: LruByWeight<MatchModel>;
  private readonly held = new Map<string, MatchModel>();
  private readonly loading = new Map<string, Promise<MatchModel>>();
  private readonly completing = new Map<MatchModel, Promise<void>>();
  private readonly snapshotWeights = new WeakMap<MatchModel, number>();

  constructor(
    private readonly store: EventStore,
    replayCacheEvents: number = DEFAULT_REPLAY_CACHE_EVENTS,
    /** told when a followed match could not catch up (the store failed): its feeds end, and clients resume by id */
    private readonly onFailure: (model: MatchModel, error: unknown) => void = () => undefined,
    /** where models start from when read for their head, and what takes a snapshot as matches grow */
    private readonly snapshots?: MatchSnapshots,
  ) {
    // a model started at a snapshot holds the snapshot's state and seats too, until it is given the events before it
    this.cache = new LruByWeight(
      { maxEntries: CACHED_MATCHES, maxWeight: replayCacheEvents },
      (model) => model.revision - model.replay.start + (model.replay.start > 0 ? (this.snapshotWeights.get(model) ?? 0) : 0),
    );
  }

  /** The match as the store holds it now: at least at the revision the store had when this call began. */
  async load(matchId: string, reach: Reach = 'history'): Promise<MatchModel> {
    const cached = this.modelOf(matchId);
    const model = cached ?? (await this.loadNew(matchId, reach));
    if (reach === 'history' && model.replay.start > 0) await this.complete(model);
    if (cached && (await this.store.revisionOf(matchId)) > model.revision) await this.catchUp(model);
    return model;
  }

  /** The match, kept in memory until `release`: for a live feed. */
  async hold(matchId: string): Promise<MatchModel> {
    const loaded = await this.load(matchId);
    // another feed may have held a newer model of it meanwhile (this one evicted while its head was looked up): theirs
    const model = this.held.get(matchId) ?? loaded;
    if (model.holders++ === 0) {
      this.cache.delete(matchId);
      this.held.set(matchId, model);
    }
    return model;
  }

  release(model: MatchModel): void {
    if (--model.holders > 0 || this.held.get(model.matchId) !== model) return;
    this.held.delete(model.matchId);
    this.cache.set(model.matchId, model);
  }

  /** The writer's append, which followed revision `after` and left the match in `state`. */
  appended(matchId: string, after: number, events: readonly MatchEvent[], state: MatchState): void {
    const model = this.modelOf(matchId);
    if (!model) return;
    this.advanced(model, after, events, state);
    this.snapshots?.advanced(model, after);
  }

  forget(matchId: string): void {
    this.cache.delete(matchId);
  }

  /** An event from the log: a match in memory moves on (a gap is read from the store). */
  handle(event: StoredEvent): void {
    const model = this.modelOf(event.streamId);
    if (!model || event.revision <= model.revision) return;
    this.advanced(model, event.revision - 1, [asMatchEvent(event)]);
  }

  /** Events into a model; a gap is read from the store. A model that fails to take them is dropped: the next read loads it whole. */
  private advanced(model: MatchModel, after: number, events: readonly MatchEvent[], state?: MatchState): void {
    let taken: boolean;
    try {
      taken = model.advance(after, events, state);
    } catch (error) {
      return this.failed(model, error);
    }
    if (!taken) void this.catchUp(model).catch((error: unknown) => this.failed(model, error));
    else if (!this.held.has(model.matchId)) this.cache.reweigh(model.matchId);
  }

  /** The log's subscription was renewed: what it may have missed is read from the store. */
  renewed(): void {
    for (const model of this.held.values()) void this.catchUp(model).catch((error: unknown) => this.failed(model, error));
  }

  /** The models feeds hold. */
  get followed(): Iterable<MatchModel> {
    return this.held.values();
  }

  private modelOf(matchId: string): MatchModel | undefined {
    return this.held.get(matchId) ?? this.cache.get(matchId);
  }

  private loadNew(matchId: string, reach: Reach): Promise<MatchModel> {
    let loading = this.loading.get(matchId);
    if (!loading) {
      loading = this.read(matchId, reach)
        .then((model) => {
          // a read that raced a write may bring an older match than one cached meanwhile: keep the newer
          const cached = this.modelOf(matchId);
          if (cached && cached.revision >= model.revision) return cached;
          this.cache.set(matchId, model);
          return model;
        })
        .finally(() => this.loading.delete(matchId));
      this.loading.set(matchId, loading);
    }
    return loading;
  }

  private async read(matchId: string, reach: Reach): Promise<MatchModel> {
    // an id never created costs what a match in memory does, one look at its revision: no loop tells a match held back from a stranger (access/match-for.ts) from a missing one by time
    if (!ID.test(matchId) || (await this.store.revisionOf(matchId)) === 0) throw new MatchNotFound(matchId);
    const restored = reach === 'head' && ID.test(matchId) ? await this.snapshots?.restore(matchId) : undefined;
    if (restored) {
      const model = new MatchModel(matchId, restored.tail, restored.start);
      this.snapshotWeights.set(model, restored.weight);
      return model;
    }
    return new MatchModel(matchId, await readMatchEvents(this.store, matchId));
  }

  /** A model started at a snapshot is given the events before it: it then answers for every revision. */
  private complete(model: MatchModel): Promise<void> {
    let completing = this.completing.get(model);
    if (!completing) {
      const start = model.replay.start;
      completing = this.store
        .readStream(model.matchId, { maxCount: start })
        .then((earlier) => {
          if (model.replay.start !== start) return;
          model.replay.prepend(earlier.map(asMatchEvent));
          if (this.cache.peek(model.matchId) === model) this.cache.reweigh(model.matchId);
        })
        .finally(() => this.completing.delete(model));
      this.completing.set(model, completing);
    }
    return completing;
  }

  /** Reads only the tail past the model's revision. */
  private async catchUp(model: MatchModel): Promise<void> {
    const from = model.revision;
    const tail = await this.store.readStream(model.matchId, { from: from + 1 });
    model.advance(from, tail.map(asMatchEvent));
    if (!this.held.has(model.matchId)) this.cache.reweigh(model.matchId);
  }

  private failed(model: MatchModel, error: unknown): void {
    if (this.held.get(model.matchId) === model) this.held.delete(model.matchId);
    if (this.cache.peek(model.matchId) === model) this.cache.delete(model.matchId);
    model.followers.forEach((follower) => follower.end());
    this.onFailure(model, error);
  }
}

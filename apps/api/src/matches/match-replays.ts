import { chainHeadOf, chainSaltOf } from '@matchlog/audit/chain/hash-chain';
import { MatchEvent, MatchState, Replay } from '@matchlog/domain';
import { EventStore } from '@matchlog/store';
import { Inject, Injectable } from '@nestjs/common';
import { ApiConfig } from '../config/config';
import { API_CONFIG, EVENT_STORE } from '../tokens';
import { LruByWeight } from './lru-by-weight';
import { asMatchEvent, readMatch } from './read-match';

const CACHED_MATCHES = 500;
/** about 1 GB of heap at the ~0.7–1.1 KB per cached event bench/replay-memory.bench.ts measures */
export const DEFAULT_REPLAY_CACHE_EVENTS = 1_000_000;

export interface LoadedMatch {
  readonly replay: Replay;
  /** the omniscient state at the latest revision */
  state: MatchState;
  /** the hash chain's head: the latest event's meta.hash, which the next event chains to */
  head: string;
  /** the match's secret chain salt (its MatchCreated's meta.chainSalt), which the next hashes cover */
  readonly salt: string | undefined;
}

/**
 * The matches read lately, loaded from the store once and kept up to date: by the writer for this
 * instance's appends, and on every read by one head lookup in the store, which brings in the tail
 * another instance appended. Bounded by events held (MATCHLOG_REPLAY_CACHE_EVENTS) and by matches.
 */
@Injectable()
export class MatchReplays {
  private readonly cache: LruByWeight<LoadedMatch>;

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore, @Inject(API_CONFIG) config: Pick<ApiConfig, 'replayCacheEvents'>) {
    this.cache = new LruByWeight({ maxEntries: CACHED_MATCHES, maxWeight: config.replayCacheEvents ?? DEFAULT_REPLAY_CACHE_EVENTS }, (loaded) => loaded.replay.revision);
  }

  /** The match as the store holds it now: at least at the revision the store had when this call began. */
  async load(matchId: string): Promise<LoadedMatch> {
    const cached = this.cache.get(matchId);
    if (!cached) return this.loadWhole(matchId);
    if ((await this.store.revisionOf(matchId)) > cached.replay.revision) await this.catchUp(matchId, cached);
    return cached;
  }

  /** Events the writer appended, in order, after the match's current revision. */
  appended(matchId: string, events: readonly MatchEvent[], state: MatchState): void {
    const loaded = this.cache.peek(matchId);
    // a read may have brought them in already, from the store
    if (!loaded || loaded.replay.revision >= state.revision) return;
    if (loaded.replay.revision !== state.revision - events.length) return this.forget(matchId);
    this.extend(matchId, loaded, events);
    loaded.state = state;
  }

  forget(matchId: string): void {
    this.cache.delete(matchId);
  }

  private async loadWhole(matchId: string): Promise<LoadedMatch> {
    const events = await readMatch(this.store, matchId);
    const replay = new Replay(events);
    const loaded = { replay, state: replay.stateAt(), head: chainHeadOf(events), salt: chainSaltOf(events) };
    // a read that raced a write may bring an older match than the writer cached meanwhile: keep the newer
    const cached = this.cache.peek(matchId);
    if (cached && cached.replay.revision >= replay.revision) return cached;
    this.cache.set(matchId, loaded);
    return loaded;
  }

  /** Reads only the tail past the cached revision. Reads racing each other or the writer append each event once. */
  private async catchUp(matchId: string, loaded: LoadedMatch): Promise<void> {
    const tail = await this.store.readStream(matchId, { from: loaded.replay.revision + 1 });
    const fresh = tail.filter((event) => event.revision > loaded.replay.revision).map(asMatchEvent);
    if (fresh.length === 0) return;
    this.extend(matchId, loaded, fresh);
    loaded.state = loaded.replay.stateAt();
  }

  private extend(matchId: string, loaded: LoadedMatch, events: readonly MatchEvent[]): void {
    loaded.replay.append(events);
    loaded.head = chainHeadOf(events);
    this.cache.reweigh(matchId);
  }
}

import { chainHeadOf, chainSaltOf } from '@matchlog/audit/chain/hash-chain';
import { MatchEvent, MatchState, Replay } from '@matchlog/domain';
import { EventStore } from '@matchlog/store';
import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE } from '../tokens';
import { readMatch } from './read-match';

const CACHED_MATCHES = 500;

export interface LoadedMatch {
  readonly replay: Replay;
  /** the omniscient state at the latest revision */
  state: MatchState;
  /** the hash chain's head: the latest event's meta.hash, which the next event chains to */
  head: string;
  /** the match's secret chain salt (its MatchCreated's meta.chainSalt), which the next hashes cover */
  readonly salt: string | undefined;
}

/** The matches read lately, loaded from the store once and kept up to date by the writer. */
@Injectable()
export class MatchReplays {
  private readonly cache = new Map<string, LoadedMatch>();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async load(matchId: string): Promise<LoadedMatch> {
    const cached = this.cache.get(matchId);
    if (cached) {
      this.cache.delete(matchId);
      this.cache.set(matchId, cached);
      return cached;
    }
    const events = await readMatch(this.store, matchId);
    const replay = new Replay(events);
    this.remember(matchId, { replay, state: replay.stateAt(), head: chainHeadOf(events), salt: chainSaltOf(events) });
    return this.cache.get(matchId)!;
  }

  /** Events the writer appended, in order, after the match's current revision. */
  appended(matchId: string, events: readonly MatchEvent[], state: MatchState): void {
    const loaded = this.cache.get(matchId);
    if (!loaded) return;
    loaded.replay.append(events);
    loaded.state = state;
    loaded.head = chainHeadOf(events);
  }

  forget(matchId: string): void {
    this.cache.delete(matchId);
  }

  /** A read that raced a write may bring an older match than the writer cached meanwhile: keep the newer. */
  private remember(matchId: string, loaded: LoadedMatch): void {
    const cached = this.cache.get(matchId);
    if (cached && cached.state.revision >= loaded.state.revision) return;
    this.cache.set(matchId, loaded);
    if (this.cache.size > CACHED_MATCHES) this.cache.delete(this.cache.keys().next().value!);
  }
}

import { chainHeadOf, chainSaltOf } from '@matchlog/audit';
import { AudienceView, JUDGE, JudgeView, MatchEvent, MatchState, Replay, Seat, evolve, judgeView, stepSeat } from '@matchlog/domain';
import { FeedSource } from '../access/feed-horizon';
import { ObservedEntry, observedEntry } from '../feed/live-entry';
import type { RestoredStart } from '../snapshot/match-snapshot';

/** Entries kept per followed audience, the latest ones, so feeds a little behind (or delayed) share them too. */
const KEPT_ENTRIES = 256;

/** A live feed following the match: told of each advance. */
export interface Follower {
  readonly audience: string;
  readonly openedWithMatchToken: boolean;
  advanced(): void;
  end(): void;
}

/**
 * One match in memory, the one model every reader of it shares: the views and the writer read it, and
 * the live feeds follow it. It holds the events (a Replay, for any revision from any seat), the
 * omniscient state and the chain's head at the latest revision and, for each audience a feed follows,
 * its seat at the head, stepped once per event, whose entry every feed of that audience shares.
 */
export class MatchModel implements FeedSource {
  readonly replay: Replay;
  /** the omniscient state at the latest revision */
  state: MatchState;
  /** the hash chain's head: the latest event's meta.hash, which the next event chains to */
  head: string;
  /** the match's secret chain salt (its MatchCreated's meta.chainSalt), which the next hashes cover */
  readonly salt: string | undefined;
  private readonly seats = new Map<string, Seat>();
  private readonly kept = new Map<string, Map<number, ObservedEntry>>();
  /** the live feeds following this match */
  readonly followers = new Set<Follower>();
  /** feeds and openers holding the model in memory: the registry does not evict it meanwhile */
  holders = 0;

  constructor(
    readonly matchId: string,
    /** the whole match, or the events after `start`'s revision */
    events: readonly MatchEvent[],
    /** a snapshot's, checked against the log: the model answers from its revision on until the events before it are prepended */
    start?: RestoredStart,
  ) {
    this.replay = new Replay(events, start);
    this.state = this.replay.stateAt();
    this.head = start && events.length === 0 ? start.head : chainHeadOf(events);
    this.salt = start ? start.salt : chainSaltOf(events);
  }

  get revision(): number {
    return this.replay.revision;
  }

  /**
   * The events that follow revision `after`, in order: those the model holds already are skipped, so
   * racing sources (the writer, the log, a read of the store's tail) add each event once. False, and
   * nothing added, when they start past the model's revision: a gap, which a read of the store fills.
   * `state` is the state after them when the caller has it (the writer validated them into it).
   */
  advance(after: number, events: readonly MatchEvent[], state?: MatchState): boolean {
    if (after > this.revision) return false;
    const fresh = events.slice(this.revision - after);
    if (fresh.length === 0) return true;
    const stepsSeats = this.kept.size > 0;
    for (const event of fresh) {
      const revision = this.revision + 1;
      this.replay.append([event]);
      if (!stepsSeats) continue;
      this.state = evolve(this.state, event);
      this.stepFollowed(revision, event);
    }
    this.state = stepsSeats ? this.state : (state ?? this.replay.stateAt());
    this.head = chainHeadOf(fresh);
    for (const follower of this.followers) {
      try {
        follower.advanced();
      } catch {
        // its socket failed: that stream ends (the client resumes by id), the model and the others go on
        follower.end();
      }
    }
    return true;
  }

  recordedAt(revision: number): string | undefined {
    return this.replay.recordedAt(revision);
  }

  endsAt(revision: number): boolean {
    return revision > 0 && this.replay.eventAt(revision)?.type === 'MatchEnded';
  }

  viewAt(audience: string, revision: number): AudienceView | JudgeView {
    if (revision !== this.revision) return this.replay.viewAt(audience, revision);
    return audience === JUDGE ? judgeView(this.state) : this.seatOf(audience).view;
  }

  /** Starts sharing entries of this audience from the next event on. */
  follow(audience: string): void {
    if (audience !== JUDGE) this.seatOf(audience);
    else if (!this.kept.has(JUDGE)) this.kept.set(JUDGE, new Map());
  }

  /** A follower leaves: once no other follows its audience, that audience's seat is no longer stepped with each event. */
  leave(follower: Follower): void {
    this.followers.delete(follower);
    for (const other of this.followers) if (other.audience === follower.audience) return;
    this.seats.delete(follower.audience);
    this.kept.delete(follower.audience);
  }

  /** The entry that brings `audience` to `revision`: shared when recent, else replayed. */
  entryAt(audience: string, revision: number): ObservedEntry {
    return this.kept.get(audience)?.get(revision) ?? this.entries(audience, revision - 1, revision)[0];
  }

  /** The entries after revision `from` up to `to`, for a feed catching up. */
  entries(audience: string, from: number, to: number): ObservedEntry[] {
    const kept = this.kept.get(audience);
    if (kept?.has(from + 1) && kept.has(to)) return range(from, to).map((revision) => kept.get(revision)!);
    return this.replay.observations(audience, from, to).map((entry) => observedEntry(audience, entry));
  }

  /**
   * Each followed audience's seat stepped, its entry kept. An audience whose step fails loses its
   * seat and its streams (they resume by id, from a replay): the model itself, which the writer chains
   * to, never stops half way through an event.
   */
  private stepFollowed(revision: number, event: MatchEvent): void {
    for (const [audience, seat] of this.seats) {
      try {
        const stepped = stepSeat(seat, event, this.state);
        this.seats.set(audience, stepped.seat);
        this.keep(observedEntry(audience, { revision, observation: stepped.observation }));
      } catch {
        this.unfollow(audience);
      }
    }
    if (this.kept.has(JUDGE)) this.keep(observedEntry(JUDGE, { revision, observation: event }));
  }

  /** The audience's seat at the head, folded when its first stream arrives, then stepped with each event. */
  private seatOf(audience: string): Seat {
    let seat = this.seats.get(audience);
    if (!seat) {
      seat = this.replay.seatAt(audience);
      this.seats.set(audience, seat);
      this.kept.set(audience, new Map());
    }
    return seat;
  }

  private unfollow(audience: string): void {
    this.seats.delete(audience);
    this.kept.delete(audience);
    for (const follower of this.followers) if (follower.audience === audience) follower.end();
  }

  private keep(entry: ObservedEntry): void {
    const kept = this.kept.get(entry.audience)!;
    kept.set(entry.revision, entry);
    kept.delete(entry.revision - KEPT_ENTRIES);
  }
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + 1 + i);

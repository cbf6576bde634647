import { MatchEvent } from '../events/events';
import { JUDGE } from '../observe/audience';
import { Observation } from '../observe/observation';
import { evolve } from '../state/evolve';
import { MatchState, emptyMatch } from '../state/match-state';
import { AudienceView } from '../views/audience-view';
import { JudgeView, judgeView } from '../views/judge-view';
import { Seat, emptySeat, stepSeat } from './seat';

export interface ObservationEntry {
  /** the revision this observation brought the audience to */
  readonly revision: number;
  readonly observation: Observation | MatchEvent;
}

/** Revisions between two keyframes (states a track keeps, to go back from). */
export const KEYFRAME_EVERY = 64;

/**
 * Where a replay starts when it does not start at revision 0: the state and each non-judge audience's
 * seat at `revision` (a stored snapshot, restored), and only the events after it.
 */
export interface ReplayStart {
  readonly revision: number;
  readonly state: MatchState;
  readonly seats: ReadonlyMap<string, Seat>;
}

/** A replay that starts after revision 0 was asked about a revision before its start. */
export class BeforeReplayStart extends Error {
  constructor(revision: number, start: number) {
    super(`revision ${revision} is before this replay's start (${start}): its earlier events must be prepended first`);
  }
}

interface Track<S> {
  /** keyframes[k] is the state at revision start + k * KEYFRAME_EVERY */
  readonly keyframes: S[];
  cursor: { revision: number; state: S };
}

/**
 * Views of a match for any audience at any revision. Each audience keeps a cursor, so stepping
 * forward costs only the new events; going back starts from the nearest keyframe, never from zero.
 */
export class Replay {
  private events: MatchEvent[];
  private readonly seats = new Map<string, Track<Seat>>();
  private judge: Track<MatchState> | undefined;
  private begin: ReplayStart | undefined;

  /** `events` follow `start.revision` when there is a start, else they are the whole match. */
  constructor(events: readonly MatchEvent[] = [], start?: ReplayStart) {
    this.events = [...events];
    if (start && start.revision > 0) this.begin = start;
  }

  /** The first revision this replay answers for: 0, unless it started from a stored snapshot and has not been given the events before it. */
  get start(): number {
    return this.begin?.revision ?? 0;
  }

  get revision(): number {
    return this.start + this.events.length;
  }

  /** Event `revision`'s meta.recordedAt, as the server stamped it (revision 1 is MatchCreated's); undefined up to the start. */
  recordedAt(revision: number): string | undefined {
    return this.eventAt(revision)?.meta?.recordedAt;
  }

  /** Event `revision` (1 is MatchCreated); undefined up to the start. */
  eventAt(revision: number): MatchEvent | undefined {
    return revision > this.start ? this.events[revision - this.start - 1] : undefined;
  }

  /** The events up to the start, the whole match's first ones: the replay then answers for every revision, as one that began at 0. */
  prepend(earlier: readonly MatchEvent[]): void {
    if (!this.begin) return;
    if (earlier.length !== this.begin.revision) throw new Error(`${earlier.length} events given, ${this.begin.revision} expected before the start`);
    this.events = [...earlier, ...this.events];
    this.begin = undefined;
    // the cursors stay where they are; going back now starts from revision 0
    if (this.judge) this.judge = { keyframes: [emptyMatch], cursor: this.judge.cursor };
    for (const [audience, track] of this.seats) this.seats.set(audience, { keyframes: [emptySeat(audience)], cursor: track.cursor });
  }

  /** More events of the same match, in order. */
  append(events: readonly MatchEvent[]): void {
    this.events.push(...events);
  }

  stateAt(revision: number = this.revision): MatchState {
    this.judge ??= this.track(this.begin?.state ?? emptyMatch);
    return this.advance(this.judge, this.clamp(revision), (state, event) => evolve(state, event));
  }

  viewAt(audience: string, revision?: number): AudienceView | JudgeView {
    return audience === JUDGE ? judgeView(this.stateAt(revision)) : this.seatAt(audience, revision).view;
  }

  /**
   * What the audience observed of the events after revision `from` up to revision `to`, for playing
   * back. The judge observes the events themselves.
   */
  observations(audience: string, from = 0, to: number = this.revision): ObservationEntry[] {
    const end = this.clamp(to);
    const first = Math.max(0, from);
    if (first < this.start && first < end) throw new BeforeReplayStart(first, this.start);
    if (audience === JUDGE) {
      return this.events.slice(first - this.start, end - this.start).map((event, i) => ({ revision: first + i + 1, observation: event }));
    }
    let seat = this.seatAt(audience, Math.min(first, end));
    const entries: ObservationEntry[] = [];
    for (let revision = first; revision < end; revision++) {
      const stepped = stepSeat(seat, this.events[revision - this.start]);
      seat = stepped.seat;
      entries.push({ revision: revision + 1, observation: stepped.observation });
    }
    return entries;
  }

  /** The audience's seat (its view and what it knows) at `revision`. */
  seatAt(audience: string, revision: number = this.revision): Seat {
    let track = this.seats.get(audience);
    if (!track) {
      const begin = this.begin?.seats.get(audience);
      if (this.begin && !begin) throw new Error(`this replay started without a seat for ${audience}`);
      track = this.track(begin ?? emptySeat(audience));
      this.seats.set(audience, track);
    }
    return this.advance(track, this.clamp(revision), (seat, event) => stepSeat(seat, event).seat);
  }

  private track<S>(first: S): Track<S> {
    return { keyframes: [first], cursor: { revision: this.start, state: first } };
  }

  private advance<S>(track: Track<S>, revision: number, step: (state: S, event: MatchEvent) => S): S {
    const start = this.start;
    if (revision < start) throw new BeforeReplayStart(revision, start);
    let { revision: at, state } = track.cursor;
    if (revision < at) {
      const k = Math.min(Math.floor((revision - start) / KEYFRAME_EVERY), track.keyframes.length - 1);
      at = start + k * KEYFRAME_EVERY;
      state = track.keyframes[k];
    }
    while (at < revision) {
      state = step(state, this.events[at - start]);
      at++;
      const since = at - start;
      if (since % KEYFRAME_EVERY === 0 && track.keyframes.length === since / KEYFRAME_EVERY) track.keyframes.push(state);
    }
    track.cursor = { revision: at, state };
    return state;
  }

  private clamp(revision: number): number {
    return Math.max(0, Math.min(this.revision, Math.floor(revision)));
  }
}

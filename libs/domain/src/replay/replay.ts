import { MatchEvent } from '../events/events';
import { JUDGE } from '../observe/audience';
import { Observation } from '../observe/observation';
import { evolve } from '../state/evolve';
import { MatchState, emptyMatch } from '../state/match-state';
import { AudienceView } from '../views/audience-view';
import { JudgeView, judgeView } from '../views/judge-view';
import { Seat, emptySeat, stepSeat } from './seat';

export interface FeedEntry {
  /** the revision this observation brought the audience to */
  readonly revision: number;
  readonly observation: Observation | MatchEvent;
}

/** Revisions between two kept snapshots. */
export const SNAPSHOT_EVERY = 64;

interface Track<S> {
  /** snapshots[k] is the state at revision k * SNAPSHOT_EVERY */
  readonly snapshots: S[];
  cursor: { revision: number; state: S };
}

/**
 * Views of a match for any audience at any revision. Each audience keeps a cursor, so stepping
 * forward costs only the new events; going back starts from the nearest snapshot, never from zero.
 */
export class Replay {
  private readonly events: MatchEvent[];
  private readonly seats = new Map<string, Track<Seat>>();
  private judge: Track<MatchState> | undefined;

  constructor(events: readonly MatchEvent[] = []) {
    this.events = [...events];
  }

  get revision(): number {
    return this.events.length;
  }

  /** Event `revision`'s meta.recordedAt, as the server stamped it (revision 1 is MatchCreated's). */
  recordedAt(revision: number): string | undefined {
    return this.events[revision - 1]?.meta?.recordedAt;
  }

  /** Event `revision` (1 is MatchCreated). */
  eventAt(revision: number): MatchEvent | undefined {
    return this.events[revision - 1];
  }

  /** More events of the same match, in order. */
  append(events: readonly MatchEvent[]): void {
    this.events.push(...events);
  }

  stateAt(revision: number = this.revision): MatchState {
    this.judge ??= { snapshots: [emptyMatch], cursor: { revision: 0, state: emptyMatch } };
    return this.advance(this.judge, this.clamp(revision), (state, event) => evolve(state, event));
  }

  viewAt(audience: string, revision?: number): AudienceView | JudgeView {
    return audience === JUDGE ? judgeView(this.stateAt(revision)) : this.seatAt(audience, revision).view;
  }

  /**
   * What the audience observed of the events after revision `from` up to revision `to`, for playing
   * back. The judge observes the events themselves.
   */
  observations(audience: string, from = 0, to: number = this.revision): FeedEntry[] {
    const end = this.clamp(to);
    if (audience === JUDGE) {
      return this.events.slice(Math.max(0, from), end).map((event, i) => ({ revision: Math.max(0, from) + i + 1, observation: event }));
    }
    let seat = this.seatAt(audience, Math.max(0, Math.min(from, end)));
    const feed: FeedEntry[] = [];
    for (let revision = Math.max(0, from); revision < end; revision++) {
      const stepped = stepSeat(seat, this.events[revision]);
      seat = stepped.seat;
      feed.push({ revision: revision + 1, observation: stepped.observation });
    }
    return feed;
  }

  /** The audience's seat (its view and what it knows) at `revision`. */
  seatAt(audience: string, revision: number = this.revision): Seat {
    let track = this.seats.get(audience);
    if (!track) {
      const empty = emptySeat(audience);
      track = { snapshots: [empty], cursor: { revision: 0, state: empty } };
      this.seats.set(audience, track);
    }
    return this.advance(track, this.clamp(revision), (seat, event) => stepSeat(seat, event).seat);
  }

  private advance<S>(track: Track<S>, revision: number, step: (state: S, event: MatchEvent) => S): S {
    let { revision: at, state } = track.cursor;
    if (revision < at) {
      const k = Math.min(Math.floor(revision / SNAPSHOT_EVERY), track.snapshots.length - 1);
      at = k * SNAPSHOT_EVERY;
      state = track.snapshots[k];
    }
    while (at < revision) {
      state = step(state, this.events[at]);
      at++;
      if (at % SNAPSHOT_EVERY === 0 && track.snapshots.length === at / SNAPSHOT_EVERY) track.snapshots.push(state);
    }
    track.cursor = { revision: at, state };
    return state;
  }

  private clamp(revision: number): number {
    return Math.max(0, Math.min(this.events.length, Math.floor(revision)));
  }
}

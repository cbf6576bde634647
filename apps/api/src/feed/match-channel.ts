import { AudienceView, JUDGE, JudgeView, MatchEvent, MatchState, Replay, Seat, emptyMatch, emptySeat, evolve, judgeView, stepSeat } from '@matchlog/domain';
import { EventStore, StoredEvent } from '@matchlog/store';
import { asMatchEvent, readMatch } from '../matches/read-match';
import { FeedSource } from './feed-horizon';
import { sseMessage } from './sse';

/** Messages kept per audience, the latest ones, so streams a little behind (or delayed) share them too. */
const KEPT_MESSAGES = 256;

const REFRESH = Symbol('refresh');

export interface FeedMessage {
  readonly revision: number;
  readonly text: string;
}

/**
 * One match as its live feeds see it, while any stream follows it: its events, the omniscient state
 * and each followed audience's seat at the head. Each append is observed once per audience, and that
 * one message is shared by every stream of the audience. Events come from the store (any instance's
 * appends), in revision order; one that skips ahead fills the gap from the store first.
 */
export class MatchChannel implements FeedSource {
  private events: MatchEvent[] = [];
  state: MatchState = emptyMatch;
  private readonly seats = new Map<string, Seat>();
  private readonly kept = new Map<string, Map<number, string>>();
  private replay: Replay | undefined;
  private readonly inbox: (StoredEvent | typeof REFRESH)[] = [];
  private busy = true;
  /** streams and openers holding the channel: at 0 the hub drops it */
  holders = 0;
  /** the streams following this match, which the hub tells of each append */
  readonly streams = new Set<{ readonly openedWithMatchToken: boolean; advanced(): void; end(): void }>();
  readonly loaded: Promise<void>;

  constructor(
    readonly matchId: string,
    private readonly store: EventStore,
    private readonly onAdvance: (channel: MatchChannel) => void,
    private readonly onFailure: (channel: MatchChannel, error: unknown) => void,
  ) {
    this.loaded = this.load();
  }

  get revision(): number {
    return this.events.length;
  }

  /** An event of this match from the store's subscription. */
  receive(event: StoredEvent): void {
    this.inbox.push(event);
    if (!this.busy) void this.drain();
  }

  /** Reads what the store holds past the channel's revision (after a subscription gap). */
  refresh(): void {
    this.inbox.push(REFRESH);
    if (!this.busy) void this.drain();
  }

  recordedAt(revision: number): string | undefined {
    return this.events[revision - 1]?.meta?.recordedAt;
  }

  endsAt(revision: number): boolean {
    return revision > 0 && this.events[revision - 1]?.type === 'MatchEnded';
  }

  viewAt(audience: string, revision: number): AudienceView | JudgeView {
    if (revision !== this.revision) return this.replayed().viewAt(audience, revision);
    return audience === JUDGE ? judgeView(this.state) : this.seatOf(audience).view;
  }

  /** The message that brings `audience` to `revision`: shared when recent, else replayed. */
  messageAt(audience: string, revision: number): string {
    return this.kept.get(audience)?.get(revision) ?? this.messages(audience, revision - 1, revision)[0].text;
  }

  /** The messages after revision `from` up to `to`, for a stream catching up. */
  messages(audience: string, from: number, to: number): FeedMessage[] {
    const kept = this.kept.get(audience);
    if (kept?.has(from + 1) && kept.has(to)) return range(from, to).map((revision) => ({ revision, text: kept.get(revision)! }));
    return this.replayed().observations(audience, from, to).map((entry) => ({ revision: entry.revision, text: sseMessage(entry.revision, 'observation', entry) }));
  }

  private async load(): Promise<void> {
    try {
      this.events = await readMatch(this.store, this.matchId);
      this.state = this.events.reduce(evolve, emptyMatch);
    } finally {
      this.busy = false;
    }
    void this.drain();
  }

  private async drain(): Promise<void> {
    this.busy = true;
    try {
      while (this.inbox.length > 0) {
        const event = this.inbox.shift()!;
        if (event !== REFRESH && event.revision <= this.revision) continue;
        if (event === REFRESH || event.revision > this.revision + 1) {
          for (const missing of await this.store.readStream(this.matchId, { from: this.revision + 1 })) this.advance(asMatchEvent(missing));
        } else this.advance(asMatchEvent(event));
      }
    } catch (error) {
      this.onFailure(this, error);
    } finally {
      this.busy = false;
    }
  }

  private advance(event: MatchEvent): void {
    const revision = this.revision + 1;
    const after = evolve(this.state, event);
    this.events.push(event);
    this.replay?.append([event]);
    this.state = after;
    for (const [audience, seat] of this.seats) {
      const stepped = stepSeat(seat, event, after);
      this.seats.set(audience, stepped.seat);
      this.keep(audience, revision, sseMessage(revision, 'observation', { revision, observation: stepped.observation }));
    }
    if (this.kept.has(JUDGE)) this.keep(JUDGE, revision, sseMessage(revision, 'observation', { revision, observation: event }));
    this.onAdvance(this);
  }

  /** The audience's seat at the head, folded once when its first stream arrives, then stepped with each append. */
  private seatOf(audience: string): Seat {
    let seat = this.seats.get(audience);
    if (!seat) {
      seat = this.events.reduce((folded, event) => stepSeat(folded, event).seat, emptySeat(audience));
      this.seats.set(audience, seat);
      this.kept.set(audience, new Map());
    }
    return seat;
  }

  /** Starts sharing messages of this audience from the next append on (its seat at the head, if it has one). */
  follow(audience: string): void {
    if (audience === JUDGE) this.kept.has(JUDGE) || this.kept.set(JUDGE, new Map());
    else this.seatOf(audience);
  }

  private keep(audience: string, revision: number, text: string): void {
    const kept = this.kept.get(audience)!;
    kept.set(revision, text);
    kept.delete(revision - KEPT_MESSAGES);
  }

  private replayed(): Replay {
    return (this.replay ??= new Replay(this.events));
  }
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + 1 + i);

import { Caller } from '../access/caller';
import { feedHorizon } from '../access/feed-horizon';
import { Follower, MatchModel } from '../model/match-model';
import { FeedTransport } from './feed-transport';

/** Revisions read from the match per step while a feed catches up. */
const CATCH_UP_STEP = 256;

/**
 * One client's feed of one audience, decided here and framed by its transport: `sent` is the last
 * revision it was handed. While it catches up (a resume, or a delayed audience) it goes at the
 * transport's pace; once live, each append's entries are handed over at once, and a client its
 * transport says lags behind is cut off: it resumes by id.
 */
export class LiveFeed<T extends FeedTransport = FeedTransport> implements Follower {
  private live = false;
  private closed = false;

  constructor(
    private readonly model: MatchModel,
    readonly audience: string,
    private readonly caller: Caller,
    private readonly now: () => number,
    private sent: number,
    readonly transport: T,
    private readonly onClose: (feed: LiveFeed<T>) => void,
  ) {
    transport.onClose(() => this.closeWith(() => undefined));
  }

  get matchId(): string {
    return this.model.matchId;
  }

  /** a match's token (a player's, the judge's, the recorder's, the broadcast's), which a reissue of the match's tokens may revoke */
  get openedWithMatchToken(): boolean {
    return this.caller.kind !== 'organizer' && this.caller.kind !== 'anonymous';
  }

  /** caught up and open: entries go out as the match moves on */
  get following(): boolean {
    return this.live && !this.closed;
  }

  /** Hands over the view at the horizon first when there is nothing to resume from, then follows. */
  async start(withView: boolean): Promise<void> {
    this.model.follow(this.audience);
    if (withView) {
      this.sent = this.horizon();
      this.transport.send({ type: 'view', audience: this.audience, revision: this.sent, data: this.model.viewAt(this.audience, this.sent) });
    }
    await this.catchUp();
  }

  /** The match moved on: a live feed gets what it may now see. */
  advanced(): void {
    if (!this.following) return;
    for (const horizon = this.horizon(); this.sent < horizon;) this.transport.send(this.model.entryAt(this.audience, ++this.sent));
    if (this.transport.lagging()) return this.closeWith(() => this.transport.cutOff());
    this.endIfEnded();
  }

  /** Ends the feed cleanly (the server shutting down, the match no longer followed, its token revoked): the client resumes by id. */
  end(): void {
    this.closeWith(() => this.transport.end());
  }

  private async catchUp(): Promise<void> {
    while (!this.closed) {
      const horizon = this.horizon();
      if (this.sent >= horizon) {
        this.live = true;
        return this.endIfEnded();
      }
      for (const entry of this.model.entries(this.audience, this.sent, Math.min(horizon, this.sent + CATCH_UP_STEP))) {
        if (this.closed) return;
        this.sent = entry.revision;
        if (!this.transport.send(entry)) await this.transport.drained();
      }
    }
  }

  private endIfEnded(): void {
    if (!this.model.endsAt(this.sent)) return;
    this.transport.send({ type: 'ended', audience: this.audience, revision: this.sent, data: { revision: this.sent } });
    this.end();
  }

  private horizon(): number {
    return feedHorizon(this.model, this.audience, this.caller, this.now());
  }

  private closeWith(close: () => void): void {
    if (this.closed) return;
    this.closed = true;
    close();
    this.onClose(this);
  }
}

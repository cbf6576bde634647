import type { ServerResponse } from 'http';
import { Caller } from '@matchlog/matches';
import { feedHorizon } from '@matchlog/matches';

import { HEARTBEAT, MatchModel, sseMessage } from '@matchlog/matches';

/** Revisions read from the match per step while a stream catches up. */
const CATCH_UP_STEP = 256;

/**
 * One client's feed of one audience: `sent` is the last revision it was sent. While it catches up
 * (a resume, or a delayed audience) it goes at the client's pace, waiting for the socket to drain;
 * once live, each append's message is written at once, and a client that lets more than
 * `maxBuffered` bytes pile up on its socket is cut off: it resumes by id.
 */
export class FeedStream {
  private live = false;
  private closed = false;

  constructor(
    private readonly channel: MatchModel,
    private readonly raw: ServerResponse,
    readonly audience: string,
    private readonly caller: Caller,
    private readonly now: () => number,
    private sent: number,
    private readonly maxBuffered: number,
    private readonly onClose: (stream: FeedStream) => void,
  ) {
    raw.once('close', () => this.closeWith(() => undefined));
  }

  get matchId(): string {
    return this.channel.matchId;
  }

  /** a match's token (a player's, the judge's, the recorder's, the broadcast's), which a reissue of the match's tokens may revoke */
  get openedWithMatchToken(): boolean {
    return this.caller.kind !== 'organizer' && this.caller.kind !== 'anonymous';
  }

  /** Sends the view at the horizon first when there is nothing to resume from, then follows. */
  async start(withView: boolean): Promise<void> {
    this.channel.follow(this.audience);
    if (withView) {
      this.sent = this.horizon();
      const view = this.channel.viewAt(this.audience, this.sent);
      this.raw.write(sseMessage(this.sent, 'view', view, this.channel.encoder.view(this.audience, view)));
    }
    await this.catchUp();
  }

  /** The match moved on: a live stream gets what it may now see. */
  advanced(): void {
    if (!this.live || this.closed) return;
    for (const horizon = this.horizon(); this.sent < horizon;) this.raw.write(this.channel.messageAt(this.audience, ++this.sent));
    if (this.raw.writableLength > this.maxBuffered) return this.closeWith(() => this.raw.destroy());
    this.endIfEnded();
  }

  heartbeat(): void {
    if (this.live && !this.closed) this.raw.write(HEARTBEAT);
  }

  /** Ends the stream cleanly (the server shutting down, the match no longer followed, its token revoked): the client resumes by id. */
  end(): void {
    this.closeWith(() => this.raw.end());
  }

  private async catchUp(): Promise<void> {
    while (!this.closed) {
      const horizon = this.horizon();
      if (this.sent >= horizon) {
        this.live = true;
        return this.endIfEnded();
      }
      for (const message of this.channel.messages(this.audience, this.sent, Math.min(horizon, this.sent + CATCH_UP_STEP))) {
        if (this.closed) return;
        this.sent = message.revision;
        if (!this.raw.write(message.text)) await drained(this.raw);
      }
    }
  }

  private endIfEnded(): void {
    if (!this.channel.endsAt(this.sent)) return;
    this.raw.write(sseMessage(this.sent, 'ended', { revision: this.sent }));
    this.end();
  }

  private horizon(): number {
    return feedHorizon(this.channel, this.audience, this.caller, this.now());
  }

  private closeWith(close: () => void): void {
    if (this.closed) return;
    this.closed = true;
    close();
    this.onClose(this);
  }
}

const drained = (raw: ServerResponse) =>
  new Promise<void>((resolve) => {
    const done = () => {
      raw.off('drain', done);
      raw.off('close', done);
      resolve();
    };
    raw.on('drain', done);
    raw.on('close', done);
  });

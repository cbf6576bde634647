import { DEFAULT_SLOW_TURN_SECONDS, MatchClock, matchClock } from '@matchlog/audit';
import { EventStore } from '@matchlog/store';
import { tokenStreamOf } from '@matchlog/tokens';
import { readMatchEvents } from '../model/read-match-events';
import { wasImported } from '../write/import-mark';

/** The judge's clock of a match: its times as recorded (the server's, or those of the log it imported). */
export class MatchClocks {
  constructor(
    private readonly store: EventStore,
    /** the organizer's slow-play threshold (MATCHLOG_SLOW_TURN_SECONDS) */
    private readonly slowTurnSeconds = DEFAULT_SLOW_TURN_SECONDS,
  ) {}

  async clock(matchId: string): Promise<MatchClock> {
    const events = await readMatchEvents(this.store, matchId);
    const imported = wasImported(await this.store.readStream(tokenStreamOf(matchId)));
    return matchClock(matchId, events, { times: imported ? 'imported' : 'recorded', slowTurnSeconds: this.slowTurnSeconds });
  }
}

import { MatchEnded, MatchVoided, PlayerSeat, Tournament } from '../events/events';
import { ZoneRef } from '../events/zone-ref';
import { SeenCard } from '../observe/observation';
import { QueueView } from '../queue/queue-view';
import { GameId } from '../rules/ruleset';
import { PlayerCounters } from '../state/counters';
import { TimeState, noTime } from '../state/time';

export interface ZoneView<C> {
  readonly zone: ZoneRef;
  readonly count: number;
  /** top first for ordered zones, one entry per position */
  readonly cards: readonly C[];
}

/** What one audience knows of a match at one revision: a fold over its observations, nothing else. */
export interface AudienceView {
  readonly audience: string;
  readonly revision: number;
  readonly game: GameId | null;
  readonly players: readonly PlayerSeat[];
  readonly tournament?: Tournament;
  readonly turn: { readonly player: string | null; readonly number: number };
  /** by zone key, e.g. "hand@p1", "shop-slot#2", "bag" */
  readonly zones: Readonly<Record<string, ZoneView<SeenCard>>>;
  readonly queue: QueueView<SeenCard>;
  readonly departed: readonly string[];
  readonly ended: MatchEnded | null;
  /** the organizer voided the match (MatchVoided): it decides nothing */
  readonly voided: MatchVoided | null;
  /** each player's counters, e.g. { p1: { lore: 7 } }; a card's are on its entry */
  readonly counters: PlayerCounters;
  readonly time: TimeState;
  /** the judge's desk as this audience observed it; absent until it observes anything of it */
  readonly desk?: DeskSeen;
}

/**
 * The desk as a non-judge view keeps it: ids, statuses, players, penalties and time, never a free text (a call's
 * reason, a ruling's infraction or remedy, a note's text). Those reach their audiences in the observation of their
 * revision, checked against what each knew then; a view kept later could name a card its audience no longer knows.
 */
export interface CallSeen {
  readonly callId: string;
  readonly by: string;
  readonly at: number;
  readonly status: 'open' | 'claimed' | 'escalated' | 'resolved';
}

export interface RulingSeen {
  readonly rulingId: string;
  readonly callId?: string;
  readonly player: string;
  readonly penalty: string;
  readonly seconds?: number;
}

export interface NoteSeen {
  readonly noteId: string;
  readonly at: number;
}

export interface DeskSeen {
  readonly calls: readonly CallSeen[];
  readonly rulings: readonly RulingSeen[];
  readonly notes: readonly NoteSeen[];
}

export const emptyDeskSeen: DeskSeen = { calls: [], rulings: [], notes: [] };

export const emptyView = (audience: string): AudienceView => ({
  audience,
  revision: 0,
  game: null,
  players: [],
  turn: { player: null, number: 0 },
  zones: {},
  queue: { discipline: 'bag', items: [], resolvingPlayer: null, nextChooser: null, next: null, resolving: [], waitingForAction: false },
  departed: [],
  ended: null,
  voided: null,
  counters: {},
  time: noTime,
});

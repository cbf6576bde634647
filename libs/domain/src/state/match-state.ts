import type { BroadcastPolicy } from '../broadcast/broadcast-policy';
import { MatchEnded, MatchVoided, PlayerSeat, PrintedFacts, Tournament } from '../events/events';
import { ZoneRef } from '../events/zone-ref';
import { Pending } from '../queue/pending';
import { Ruleset, ZoneDefinition } from '../rules/ruleset';
import { Counters, NO_COUNTERS, PlayerCounters } from './counters';
import type { Lists } from './identity';
import { TimeState, noTime } from './time';
import { DeskState, emptyDesk } from './desk';

/** A zone as it exists in one match: a ruleset zone for one player, one slot, or the table. */
export interface ZoneInstance {
  readonly key: string;
  readonly ref: ZoneRef;
  readonly definition: ZoneDefinition;
  /** the player whose zone it is; null for shared zones */
  readonly player: string | null;
}

/** What never changes after MatchCreated; shared by every revision of the state. */
export interface MatchLayout {
  readonly ruleset: Ruleset;
  readonly players: readonly PlayerSeat[];
  readonly playerIds: readonly string[];
  readonly zones: readonly ZoneInstance[];
  readonly zoneIndex: ReadonlyMap<string, number>;
  readonly cardIds: readonly string[];
  readonly cardIndex: ReadonlyMap<string, number>;
  /** MatchCreated's printed facts, indexed like the cards */
  readonly printed: readonly (PrintedFacts | undefined)[];
  /** MatchCreated's lists (a paper match): each player's deck list by definition */
  readonly lists: Lists;
  readonly tournament?: Tournament;
  /** MatchCreated's publicDeckLists: whether spectators get the shuffles MatchEnded discloses */
  readonly publicDeckLists: boolean;
  /** MatchCreated's broadcastDelay and broadcastAccess; none when it asks for neither (broadcast/broadcast-policy.ts) */
  readonly broadcast?: BroadcastPolicy;
}

export interface CardState {
  readonly cardId: string;
  readonly owner: string | null;
  readonly controller: string | null;
  /** null: nobody has identified this card (a paper match's deck and what is drawn from it); named as it is revealed */
  readonly definition: string | null;
  /** index into layout.zones */
  readonly zone: number;
  readonly faceDown: boolean;
  readonly exerted: boolean;
  readonly damage: number;
  /** public counts on the card (Grand Archive); lost, like damage, when the card changes zone */
  readonly counters: Counters;
  /** how many times this card has become a new object (Lorcana 7.1.6; Four Souls: every zone change) */
  readonly object: number;
}

export interface PendingItem {
  readonly triggerId: string;
  readonly player: string;
  readonly sourceCardId: string;
  readonly ability: string;
  readonly kind: string;
}

export interface ResolvingEffect {
  readonly effectId: string;
  readonly player: string;
  readonly kind: 'action' | 'ability';
  readonly sourceCardId?: string;
}

export type QueueState = Pending<PendingItem>;

export interface TurnState {
  readonly player: string | null;
  readonly number: number;
}

/** A shuffle as MatchEnded discloses it: the zone's cards (indices, top first) right after it, and its salt. */
export interface ShuffleRecord {
  /** the revision the shuffle brought the match to */
  readonly revision: number;
  /** index into layout.zones */
  readonly zone: number;
  /** card indices, top first: the zone's array right after the shuffle (shared, never mutated) */
  readonly cards: readonly number[];
  readonly salt?: string;
}

export interface MatchState {
  /** how many events have been applied: 0 before MatchCreated, 1 after it */
  readonly revision: number;
  readonly layout: MatchLayout | null;
  readonly cards: readonly CardState[];
  /** card indices per zone (index as in layout.zones), top first */
  readonly zones: readonly (readonly number[])[];
  readonly turn: TurnState;
  readonly queue: QueueState;
  readonly effects: readonly ResolvingEffect[];
  readonly departed: readonly string[];
  readonly ended: MatchEnded | null;
  /** MatchVoided: the match decides nothing, and nothing more happens in it */
  readonly voided: MatchVoided | null;
  /** every shuffle of the match, in order, for the post-match publication */
  readonly shuffles: readonly ShuffleRecord[];
  /** each player's counters (Lorcana lore) */
  readonly counters: PlayerCounters;
  readonly time: TimeState;
  /** the judge's desk: calls, rulings and notes (judge-only as a whole; observe decides what each audience gets) */
  readonly desk: DeskState;
}

export const emptyMatch: MatchState = {
  revision: 0,
  layout: null,
  cards: [],
  zones: [],
  turn: { player: null, number: 0 },
  queue: { items: [], resolvingPlayer: null },
  effects: [],
  departed: [],
  ended: null,
  voided: null,
  shuffles: [],
  counters: {},
  time: noTime,
  desk: emptyDesk,
};

export { NO_COUNTERS };

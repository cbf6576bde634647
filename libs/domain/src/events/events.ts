import { GameId } from '../rules/ruleset';
import { ZoneRef } from './zone-ref';

/** Where a card lands in an ordered zone: top, bottom, or an index counted from the top (0 = top). */
export type Position = 'top' | 'bottom' | number;

export interface PlayerSeat {
  readonly id: string;
  readonly name?: string;
}

/** What is printed on a card: the viewer shows it; an audience observes it only with the card's definition. */
export interface PrintedFacts {
  readonly cost?: number;
  readonly ink?: string;
  readonly inkable?: boolean;
  readonly type?: string;
  readonly lore?: number;
  readonly strength?: number;
  readonly willpower?: number;
  /** Grand Archive ("Parts of a Card"): element, memory or reserve cost, level, power and life, durability, speed */
  readonly element?: string;
  readonly memoryCost?: number;
  readonly reserveCost?: number;
  readonly level?: number;
  readonly power?: number;
  readonly life?: number;
  readonly durability?: number;
  readonly speed?: string;
  /** Four Souls: a monster's or character's HP, a monster's dice check and attack, its rewards, the souls it gives */
  readonly hp?: number;
  readonly dc?: number;
  readonly atk?: number;
  readonly rewards?: string;
  readonly souls?: number;
}

export interface StartingCard {
  readonly cardId: string;
  /** null for shared cards (Four Souls decks) */
  readonly owner: string | null;
  /** absent: a card nobody has identified yet (a paper match's deck, see ListedCards); it is named as it is revealed */
  readonly definition?: string;
  readonly zone: ZoneRef;
  readonly faceDown?: boolean;
  readonly printed?: PrintedFacts;
}

/** One line of a player's deck list: the names a paper match's unidentified cards may be given (Move.definition). */
export interface ListedCard {
  readonly definition: string;
  readonly copies: number;
  readonly printed?: PrintedFacts;
  /** Grand Archive: the part of the list (absent: main); a sideboard's cards are registered, not given as cards */
  readonly section?: 'main' | 'material' | 'sideboard';
}

/** A player's deck list, as registered: what the judge holds before the match, and what a reveal names from. */
export interface DeckList {
  /** null: the list of the shared cards (owner null), e.g. a Four Souls match's Treasure, Loot and Monster decks */
  readonly player: string | null;
  readonly cards: readonly ListedCard[];
}

export interface Tournament {
  readonly event?: string;
  readonly round?: number;
  readonly table?: number;
  /** which game of the match at this table this is: 1, 2, 3 … */
  readonly game?: number;
  /** how many games the match is the best of: 1, 3 or 5 (default 3) */
  readonly bestOf?: 1 | 3 | 5;
  /** e.g. "constructed": then each game's decks must be legal for the ruleset's construction rules */
  readonly format?: string;
  /** a single-elimination match, which has no draws: the players play on, past bestOf, until one wins */
  readonly singleElimination?: boolean;
}

export interface MatchCreated {
  readonly game: GameId;
  /** in turn order */
  readonly players: readonly PlayerSeat[];
  /** every physical card in its starting zone; ordered zones listed top first */
  readonly cards: readonly StartingCard[];
  /** a paper match: each player's registered deck list; that player's cards without a definition are named from it as they are revealed */
  readonly lists?: readonly DeckList[];
  readonly tournament?: Tournament;
  /**
   * true: MatchEnded discloses every shuffle's order and salt (so every deck list) to spectators too.
   * Absent or false: only to the players and the judge, who check the shuffles' commitments with them.
   */
  readonly publicDeckLists?: boolean;
  /** how far the broadcast audience runs behind the match: see broadcast/delayed-revision.ts. A match with neither this nor broadcastAccess has no broadcast */
  readonly broadcastDelay?: BroadcastDelay;
  /** who may read the broadcast audience: anyone (the default; then broadcastDelay.seconds is at least PUBLIC_BROADCAST_MIN_SECONDS), or a broadcast token's holder */
  readonly broadcastAccess?: 'public' | 'token';
}

export interface BroadcastDelay {
  /** the broadcast never shows the last this many events */
  readonly events?: number;
  /** nor an event recorded less than this many seconds ago */
  readonly seconds?: number;
  /**
   * Absent or true: the public view, the match's catalog entry and the round's results hold back the
   * same window for anyone but the judge, the recorder, the players and the organizer (no spoiler
   * around the delay). False: the organizer's opt-out, those show the head as for a match without a delay.
   */
  readonly holdBackPublic?: boolean;
}

export interface Move {
  readonly cardId: string;
  readonly from: ZoneRef;
  readonly to: ZoneRef;
  readonly position?: Position;
  readonly faceDown?: boolean;
  readonly reason?: string;
  /** the card whose effect made the move */
  readonly source?: string;
  /**
   * the characteristic of this card that the effect specified (e.g. 'Cosmic Bolt'); such a card must
   * be revealed before it is added to a private zone (Grand Archive "Public vs Private Information" 2.1).
   * Judge-only: no observation carries it.
   */
  readonly characteristic?: string;
  /**
   * the name of an unidentified card, seen as it moves (played, sung, revealed); null only in a correction: the name
   * given was wrong, and the card is unidentified again. Observed as the card is, where it lands.
   */
  readonly definition?: string | null;
}

/** A correction: a new event that undoes an earlier one (the log is never rewritten), naming it. */
export interface Correction {
  /** the id of the earlier event this one undoes; judge-only */
  readonly corrects?: string;
}

export interface CardsMoved extends Correction {
  readonly moves: readonly Move[];
}
export interface ZoneShuffled {
  readonly zone: ZoneRef;
  /** card ids, top first. Absent: shuffled at a paper table, in an order nobody knows; the zone's cards are unidentified after it */
  readonly order?: readonly string[];
  /** random, drawn outside the domain when the shuffle is recorded; judge-only until MatchEnded discloses it to the players */
  readonly salt?: string;
  /** sha256 hex of canonical JSON { zone, order: definitions top first, salt }: what non-judge audiences observe */
  readonly commitment?: string;
}
export interface CardsRevealed {
  readonly cardIds: readonly string[];
  /** the names of unidentified cards among them, as they are seen: one per card id, in order */
  readonly definitions?: readonly string[];
  readonly to?: readonly string[];
}
export interface CardsLookedAt {
  readonly player: string;
  readonly cardIds: readonly string[];
  readonly source?: string;
}
export interface CardStatusChanged extends Correction {
  readonly cardId: string;
  readonly exerted?: boolean;
  readonly damage?: number;
  readonly faceDown?: boolean;
}
export interface ControlChanged extends Correction {
  readonly cardId: string;
  readonly controller: string;
}
export interface TurnStarted {
  readonly player: string;
  readonly turn: number;
}
export interface EffectStarted {
  readonly effectId: string;
  readonly player: string;
  /** `action`: a played action's effect, which resolves before any bag ability (Lorcana 7.1.6.1) */
  readonly kind: 'action' | 'ability';
  readonly sourceCardId?: string;
}
export interface EffectResolved {
  readonly effectId: string;
}
export interface TriggerAdded {
  readonly triggerId: string;
  readonly player: string;
  readonly sourceCardId: string;
  readonly ability: string;
  /** only `triggered` may enter the Lorcana bag (7.7.2); stacks also take other kinds */
  readonly kind?: string;
  /** the cards it targets; a target that changes zone becomes a new object, and the ability fizzles (Four Souls "Game Zones") */
  readonly targets?: readonly string[];
}
export interface TriggerResolved {
  readonly triggerId: string;
  readonly player: string;
}
export interface TriggerRemoved {
  readonly triggerId: string;
  readonly reason: string;
}
export interface SearchPerformed {
  readonly player: string;
  readonly zone: ZoneRef;
  readonly criteria?: string;
  readonly found: string | null;
}
export interface PlayerLeft {
  readonly player: string;
}
export interface MatchEnded {
  readonly winner?: string;
  /** a drawn game (Lorcana's end-of-match procedure); never with a winner */
  readonly draw?: boolean;
  readonly reason: string;
}
/** A public count changes: on a player (Lorcana lore) or on a card, as the game's ruleset declares (rules/counters.ts). */
export interface CounterChanged extends Correction {
  readonly counter: string;
  /** exactly one of player and cardId */
  readonly player?: string;
  readonly cardId?: string;
  /** exactly one of by (a change) and to (the new value) */
  readonly by?: number;
  readonly to?: number;
  readonly reason?: string;
}
/** Time is called for the round. */
export type TimeCalled = Record<string, never>;
/** A judge gives the match more time, e.g. after a long ruling. */
export interface TimeExtended {
  readonly seconds: number;
  readonly reason: string;
}

/** The organizer voids the match (recorded twice, at the wrong table…): it decides nothing, and the log keeps it. */
export interface MatchVoided {
  readonly reason: string;
}

/** Who called a judge: a player of the match, or the recorder of a paper table. */
export const RECORDER_CALLER = 'recorder';

/** A judge is called to the table, about the match as it was at revision `at`. */
export interface JudgeCalled {
  readonly callId: string;
  /** a player id of the match, or "recorder" (a paper table) */
  readonly by: string;
  /** the revision the call is about: 0 up to the match's revision when it is called */
  readonly at: number;
  /** free text; the judge and the caller read it, nobody else */
  readonly reason: string;
}
/** A judge takes a call (the name as typed at the desk). */
export interface CallClaimed {
  readonly callId: string;
  readonly judge: string;
}
/** A judge passes a call to the head judge. */
export interface CallEscalated {
  readonly callId: string;
  readonly judge: string;
  /** judge-only */
  readonly reason?: string;
}
/** The call is dealt with: nothing more happens to it. */
export interface CallResolved {
  readonly callId: string;
  readonly judge: string;
}
/** A ruling: the infraction, the penalty and the remedy announced at the table. */
export interface RulingGiven {
  readonly rulingId: string;
  readonly callId?: string;
  /** the penalized player's id */
  readonly player: string;
  readonly infraction: string;
  readonly category?: string;
  /** one of the game's penalties (GET /desk/penalties) or the organizer's categories */
  readonly penalty: string;
  readonly remedy?: string;
  /** judge-only */
  readonly text?: string;
  /** a time extension: the same batch appends a TimeExtended of these seconds */
  readonly seconds?: number;
  /** the published document and section cited */
  readonly source?: string;
  readonly judge: string;
}
/** A judge's note at revision `at`: judge-only unless published. */
export interface JudgeNoted {
  readonly noteId: string;
  readonly at: number;
  readonly text: string;
  readonly published: boolean;
}

export interface EventDataByType {
  MatchCreated: MatchCreated;
  CardMoved: Move & Correction;
  CardsMoved: CardsMoved;
  ZoneShuffled: ZoneShuffled;
  CardsRevealed: CardsRevealed;
  CardsLookedAt: CardsLookedAt;
  CardStatusChanged: CardStatusChanged;
  ControlChanged: ControlChanged;
  TurnStarted: TurnStarted;
  EffectStarted: EffectStarted;
  EffectResolved: EffectResolved;
  TriggerAdded: TriggerAdded;
  TriggerResolved: TriggerResolved;
  TriggerRemoved: TriggerRemoved;
  SearchPerformed: SearchPerformed;
  PlayerLeft: PlayerLeft;
  MatchEnded: MatchEnded;
  CounterChanged: CounterChanged;
  TimeCalled: TimeCalled;
  TimeExtended: TimeExtended;
  MatchVoided: MatchVoided;
  JudgeCalled: JudgeCalled;
  CallClaimed: CallClaimed;
  CallEscalated: CallEscalated;
  CallResolved: CallResolved;
  RulingGiven: RulingGiven;
  JudgeNoted: JudgeNoted;
}

export type EventType = keyof EventDataByType;

export const eventTypes: readonly EventType[] = [
  'MatchCreated',
  'CardMoved',
  'CardsMoved',
  'ZoneShuffled',
  'CardsRevealed',
  'CardsLookedAt',
  'CardStatusChanged',
  'ControlChanged',
  'TurnStarted',
  'EffectStarted',
  'EffectResolved',
  'TriggerAdded',
  'TriggerResolved',
  'TriggerRemoved',
  'SearchPerformed',
  'PlayerLeft',
  'MatchEnded',
  'CounterChanged',
  'TimeCalled',
  'TimeExtended',
  'MatchVoided',
  'JudgeCalled',
  'CallClaimed',
  'CallEscalated',
  'CallResolved',
  'RulingGiven',
  'JudgeNoted',
];

/** The judge's desk: events about the match, not play; accepted after MatchEnded too (a call or a ruling can come after the game). */
export const deskEventTypes: readonly EventType[] = ['JudgeCalled', 'CallClaimed', 'CallEscalated', 'CallResolved', 'RulingGiven', 'JudgeNoted'];

/** Who recorded the event and when; the time comes from outside the domain. */
export interface EventMeta {
  readonly recordedBy: string;
  readonly recordedAt: string;
  /** the hash chain (libs/audit/src/chain): the previous event's hash (64 zeros for the first) */
  readonly previous?: string;
  /** sha256 hex of `previous` and this event's canonical JSON without `previous` and `hash` */
  readonly hash?: string;
  /** MatchCreated only: the match's secret chain salt (hex), which every hash covers; judges only */
  readonly chainSalt?: string;
  /**
   * An imported event: the step of the source it was recorded from (a tcg.online replay: the index in its `steps`,
   * docs/explanation/importing.md). Meta reaches judges only; the step tells them where in the file to look.
   */
  readonly step?: number;
}

export type MatchEvent = {
  [T in EventType]: { readonly id: string; readonly type: T; readonly data: EventDataByType[T]; readonly meta?: EventMeta };
}[EventType];

export type EventOf<T extends EventType> = Extract<MatchEvent, { type: T }>;

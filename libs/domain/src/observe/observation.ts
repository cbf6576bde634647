import { PlayerSeat, PrintedFacts, Tournament } from '../events/events';
import { ZoneRef } from '../events/zone-ref';
import { GameId } from '../rules/ruleset';

/**
 * A card as one audience perceives it. `handle` names it for this audience only and is renewed when
 * the card passes through a move the audience cannot follow; `definition` is there only while the
 * audience can identify the card. No recorder cardId ever appears here.
 */
export interface SeenCard {
  readonly handle: string;
  readonly definition?: string;
  /** the definition's printed facts, with the definition only */
  readonly printed?: PrintedFacts;
  readonly faceDown?: true;
  readonly exerted?: true;
  readonly damage?: number;
  /** counters on the card, where they are public (rules/ruleset.ts CounterDefinition) */
  readonly counters?: Readonly<Record<string, number>>;
  /** only when someone other than the zone's player controls it */
  readonly controller?: string;
}

/**
 * A card that left `from`. `index` is where it lies in `to` once the whole event has happened (0 = top).
 * `handle` is absent when this audience could not tell which card left (it could not look at it in an
 * unordered zone: another player's hand, the inkwell, face down in play): `from` is then in `rehandled`.
 */
export interface MoveSeen {
  readonly from: ZoneRef;
  readonly handle?: string;
  readonly to: ZoneRef;
  readonly index: number;
  readonly card: SeenCard;
  readonly reason?: string;
  readonly source?: SeenCard;
}

export interface ZoneSeen {
  readonly zone: ZoneRef;
  readonly cards: readonly SeenCard[];
}

/**
 * A shuffle as MatchEnded declassifies it to the players (and to spectators when the match has
 * publicDeckLists; see receivesDeckLists): sha256 hex of canonical JSON
 * { zone, order, salt } (sorted keys, no whitespace) must equal the commitment its ZoneShuffled
 * observation carried at `revision`, and every card seen leaving the zone's top must follow `order`.
 */
export interface ShuffleDisclosed {
  readonly revision: number;
  readonly zone: ZoneRef;
  /** the cards' definitions, top first, right after the shuffle */
  readonly order: readonly string[];
  /** absent for a shuffle recorded without one (it had no commitment) */
  readonly salt?: string;
}

export type Observation =
  | { readonly type: 'MatchStarted'; readonly game: GameId; readonly players: readonly PlayerSeat[]; readonly tournament?: Tournament; readonly zones: readonly ZoneSeen[] }
  | { readonly type: 'CardMoved'; readonly move: MoveSeen; readonly rehandled?: readonly ZoneSeen[] }
  | {
      readonly type: 'CardsMoved';
      readonly moves: readonly MoveSeen[];
      /**
       * Cards put together into an ordered zone in an order this audience cannot know: where they
       * came from and where cards arrived, unpaired, in an order of their own, with new handles.
       */
      readonly unseen?: {
        readonly left: readonly { readonly zone: ZoneRef; readonly handle?: string }[];
        readonly arrived: readonly { readonly zone: ZoneRef; readonly index: number; readonly card: SeenCard }[];
      };
      /**
       * Zones a card left without this audience being able to tell which: their cards, as it now sees
       * them, with new handles for every card it cannot look at (those it can look at come first).
       */
      readonly rehandled?: readonly ZoneSeen[];
    }
  /** `commitment`: sha256 hex of canonical JSON { zone, order: definitions top first, salt }; MatchEnded discloses order and salt to the players */
  | { readonly type: 'ZoneShuffled'; readonly zone: ZoneRef; readonly cards: readonly SeenCard[]; readonly refilledFrom?: ZoneRef; readonly commitment?: string }
  /** `unnamed`: how many of the cards this audience can not tell apart from others where they lie (not named) */
  | { readonly type: 'CardsRevealed'; readonly cards: readonly SeenCard[]; readonly unnamed?: number; readonly to?: readonly string[]; readonly rehandled?: readonly ZoneSeen[] }
  | {
      readonly type: 'CardsLookedAt';
      readonly player: string;
      readonly cards: readonly SeenCard[];
      readonly unnamed?: number;
      readonly source?: SeenCard;
      readonly rehandled?: readonly ZoneSeen[];
    }
  | { readonly type: 'CardStatusChanged'; readonly zone: ZoneRef; readonly card: SeenCard }
  | { readonly type: 'ControlChanged'; readonly zone: ZoneRef; readonly card: SeenCard; readonly controller: string }
  | { readonly type: 'TurnStarted'; readonly player: string; readonly turn: number }
  | { readonly type: 'EffectStarted'; readonly effectId: string; readonly player: string; readonly kind: 'action' | 'ability'; readonly source?: SeenCard }
  | { readonly type: 'EffectResolved'; readonly effectId: string }
  | {
      readonly type: 'TriggerAdded';
      readonly triggerId: string;
      readonly player: string;
      readonly source?: SeenCard;
      readonly ability: string;
      readonly kind: string;
      readonly targets?: readonly SeenCard[];
    }
  | { readonly type: 'TriggerResolved'; readonly triggerId: string; readonly player: string }
  | { readonly type: 'TriggerRemoved'; readonly triggerId: string; readonly reason: string }
  | {
      readonly type: 'SearchPerformed';
      readonly player: string;
      readonly zone: ZoneRef;
      readonly criteria?: string;
      readonly found: SeenCard | null;
      readonly rehandled?: readonly ZoneSeen[];
    }
  | { readonly type: 'PlayerLeft'; readonly player: string }
  /** `shuffles`: every shuffle of the match, declassified once it is over (none: the match had none, or this audience gets no deck lists) */
  | { readonly type: 'MatchEnded'; readonly winner?: string; readonly draw?: true; readonly reason: string; readonly shuffles?: readonly ShuffleDisclosed[] }
  /** a public count: on `player`, or on `card` where it lies in `zone`; `value` is the new count, `change` how far it moved */
  | {
      readonly type: 'CounterChanged';
      readonly counter: string;
      readonly player?: string;
      readonly zone?: ZoneRef;
      readonly card?: SeenCard;
      readonly value: number;
      readonly change: number;
      readonly reason?: string;
    }
  /** time called for the round, during turn `turn` */
  | { readonly type: 'TimeCalled'; readonly turn: number }
  | { readonly type: 'TimeExtended'; readonly seconds: number; readonly reason: string }
  /** the organizer voided the match: public, every audience reads the reason */
  | { readonly type: 'MatchVoided'; readonly reason: string }
  /**
   * A judge was called about revision `at`: the judge and the caller read the reason, the other players
   * only that a call was made (the reason may name the caller's hidden cards); spectators and the broadcast nothing.
   */
  | { readonly type: 'JudgeCalled'; readonly callId: string; readonly by: string; readonly at: number; readonly reason?: string }
  /** a call's new status, to the players (the judge's name and an escalation's reason are the judge's) */
  | { readonly type: 'CallStatusChanged'; readonly callId: string; readonly status: 'claimed' | 'escalated' | 'resolved' }
  /** a ruling as it is announced at the table, to the players: never the judge's own text */
  | {
      readonly type: 'RulingGiven';
      readonly rulingId: string;
      readonly callId?: string;
      readonly player: string;
      readonly infraction: string;
      readonly category?: string;
      readonly penalty: string;
      readonly remedy?: string;
      readonly seconds?: number;
      readonly source?: string;
    }
  /** a published note, to every audience */
  | { readonly type: 'JudgeNoted'; readonly noteId: string; readonly at: number; readonly text: string }
  /** the event named something that does not exist (validate refuses those): nothing was perceived */
  | { readonly type: 'Nothing' };

export type ObservationType = Observation['type'];

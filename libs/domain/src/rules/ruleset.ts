/** Who may look at the cards of a zone by default. */
export type ZoneVisibility =
  /** everyone: Lorcana 7.1.2 */
  | 'public'
  /** the zone's owner only: Lorcana 7.3.2 (hand) */
  | 'owner'
  /** nobody, not even the owner: Lorcana 7.2.2 (deck), 7.5.4 (inkwell) */
  | 'hidden';

export interface ZoneDefinition {
  readonly name: string;
  /** one zone per player, or one shared by the table (shared cards have `owner: null`) */
  readonly scope: 'player' | 'shared';
  readonly visibility: ZoneVisibility;
  /** ordered zones are listed top first and addressed by position */
  readonly ordered: boolean;
  /** where a card goes in an ordered zone when a move gives no position: decks take it at the bottom, piles and stacks on top */
  readonly enterAt?: 'top' | 'bottom';
  readonly defaultFace: 'up' | 'down';
  /** only cards in an in-play zone are in play (Lorcana 7.1.5) */
  readonly inPlay: boolean;
  /** slot zones are addressed with a `slot` number (Four Souls shop, monster and room slots) */
  readonly slots?: { readonly min: number; readonly max: number };
  /**
   * nobody may look at these cards and the owner may arrange them freely, so what anyone
   * knew of a card is lost when it enters (Lorcana 7.5.4)
   */
  readonly anonymous?: boolean;
  /** its controller may look at its own face-down cards here (Grand Archive) */
  readonly controllerMayLookFaceDown?: boolean;
  /** Four Souls: when this deck is empty it is replaced at once by this shuffled discard */
  readonly refillFrom?: string;
  /** holds pending abilities, never cards (Lorcana bag 7.7.1, 7.7.2) */
  readonly holdsAbilities?: boolean;
  readonly rule: string;
}

export type PendingDiscipline =
  /** Lorcana 7.7.4: active player first, last resolver continues, then pass in turn order */
  | { readonly kind: 'bag'; readonly zone: string; readonly onlyTriggered: true; readonly rule: string }
  /** last in, first out */
  | { readonly kind: 'stack'; readonly zone: string; readonly onlyTriggered: false; readonly rule: string };

export interface ZoneChangeRule {
  /** a card that leaves one of these zones becomes a new object; `any` means every zone change */
  readonly newObjectWhenLeaving: 'in-play' | 'any';
  /** gained status (exerted, damage) is removed when the card becomes a new object */
  readonly clearsStatus: boolean;
  /** turning a card face down in a public zone makes it private again even to those who saw it */
  readonly faceDownForgets: boolean;
  /** after control of a face-down card changes, neither its owner nor its former controller may look at it (Grand Archive) */
  readonly controlChangeHidesFaceDown: boolean;
  readonly rule: string;
}

/** A count the table keeps in public (Lorcana lore): on a player, or on a card in one of `zones`. */
export interface CounterDefinition {
  /** the counter's name; `*` when the rules texts here name none, so any name is taken (see `Ruleset.counterNotes`) */
  readonly name: string;
  readonly on: 'player' | 'card';
  /** card counters only: the zones where a card may carry one; a card that changes zone loses them, as it loses damage (state/moves.ts) */
  readonly zones?: readonly string[];
  /** the rule or document it comes from */
  readonly rule: string;
}

/**
 * What the game's published tournament practice says, as far as matchlog has it. `document` is cited
 * with each fact; what is missing is listed in `missing`, and its check is left out.
 */
export interface TournamentPractice {
  readonly document: string | null;
  /** the default length of a match in games */
  readonly bestOf?: number;
  readonly roundMinutes?: number;
  /** a counter that wins the game when a player reaches it */
  readonly winsAt?: { readonly counter: string; readonly value: number; readonly section: string };
  /**
   * after time is called: the active player finishes the turn, then this many more turns, then a drawn game; with
   * `minutes`, the procedure also names a time (Grand Archive: "three more turns or five minutes")
   */
  readonly turnsAfterTime?: { readonly turns: number; readonly minutes?: number; readonly section: string };
  /** the loser of a game chooses who plays first in the next game of the match */
  readonly loserChoosesFirst?: { readonly section: string };
  /** false: no sideboard, so each player's deck is the same in every game of a match */
  readonly sideboard?: { readonly allowed: boolean; readonly section: string };
  /** the construction rules of a constructed deck that matchlog can check from definitions (and their printed facts) alone */
  readonly constructed?: ConstructedRules;
  readonly missing: readonly string[];
}

/** A constructed deck's limits: its (main) deck's, and where the game has them its material deck's and sideboard's. */
export interface ConstructedRules {
  /** the document the sections are in, when it is not the tournament practice's (Grand Archive: its Comprehensive Rules) */
  readonly document?: string;
  readonly minCards: number;
  readonly maxCopiesOfName: number;
  readonly section: string;
  /** at most maxCards, at most maxCopiesOfName of a name, and at least one champion of `championLevel` */
  readonly material?: { readonly maxCards: number; readonly maxCopiesOfName: number; readonly championLevel: number; readonly section: string };
  /** at most maxCards and maxPoints: a main-deck card counts mainPoints, a regalia or champion materialPoints */
  readonly sideboard?: { readonly maxCards: number; readonly maxPoints: number; readonly mainPoints: number; readonly materialPoints: number; readonly section: string };
}

export interface Ruleset {
  readonly game: GameId;
  readonly title: string;
  readonly zones: readonly ZoneDefinition[];
  readonly pending: PendingDiscipline;
  readonly zoneChange: ZoneChangeRule;
  /** the zone whose size may never go below zero (Lorcana 7.3.3) */
  readonly handZone: string;
  /** the rules that validation cites, in this game's own numbering */
  readonly references: {
    readonly oneZoneAtATime: string;
    readonly handNotBelowZero: string;
    readonly onlyTriggeredInBag: string;
  };
  /** the counters this game keeps (CounterChanged refuses any other) */
  readonly counters: readonly CounterDefinition[];
  /** why the counters are what they are where the rules texts are silent */
  readonly counterNotes?: string;
  readonly tournament: TournamentPractice;
  /** prefix used when citing this game's rules, e.g. "lorcana 7.1.5" */
  readonly citation: string;
}

/** How many games a match is the best of when MatchCreated.tournament names no bestOf. */
export const DEFAULT_BEST_OF = 3;

export type GameId = 'lorcana' | 'four-souls' | 'grand-archive';

export const zoneDefinition = (ruleset: Ruleset, name: string): ZoneDefinition | undefined => ruleset.zones.find((zone) => zone.name === name);

export const cite = (ruleset: Ruleset, rule: string): string => `${ruleset.citation} ${rule}`;

/** A fact of the game's tournament practice, cited by document and section. */
export const citeTournament = (ruleset: Ruleset, section: string): string => `${ruleset.tournament.document ?? ruleset.title}, ${section}`;

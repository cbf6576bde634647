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
  /** prefix used when citing this game's rules, e.g. "lorcana 7.1.5" */
  readonly citation: string;
}

export type GameId = 'lorcana' | 'four-souls' | 'grand-archive';

export const zoneDefinition = (ruleset: Ruleset, name: string): ZoneDefinition | undefined => ruleset.zones.find((zone) => zone.name === name);

export const cite = (ruleset: Ruleset, rule: string): string => `${ruleset.citation} ${rule}`;

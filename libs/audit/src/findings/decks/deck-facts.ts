/** A definition and how many copies of it. */
export interface CardCount {
  readonly definition: string;
  readonly count: number;
}

/** What a deck finding's message names (judge-facing: definitions are fine here). */
export interface DeckFacts {
  readonly player: string;
  /** the audited match's game number, or null when it names none */
  readonly game: number | null;
  /** DECK_NOT_LEGAL: the deck's size, and the size required when it is short */
  readonly cards?: number;
  readonly minCards?: number;
  /** DECK_NOT_LEGAL: definitions over `maxCopies` */
  readonly overLimit?: readonly CardCount[];
  readonly maxCopies?: number;
  /** DECK_NOT_LEGAL, Grand Archive: the part of the deck (material deck, sideboard; absent: the main deck), its limits */
  readonly section?: 'main' | 'material' | 'sideboard';
  readonly maxCards?: number;
  readonly championLevel?: number;
  readonly points?: number;
  readonly maxPoints?: number;
  /** DECK_CHANGED_BETWEEN_GAMES: the other game, and what this game's deck has more and fewer of than that one's */
  readonly otherGame?: number | null;
  readonly otherMatchId?: string;
  readonly added?: readonly CardCount[];
  readonly removed?: readonly CardCount[];
}

/** What is printed on a card, with the field names of the domain's MatchCreated card definitions. */
export interface PrintedFacts {
  readonly cost?: number;
  /** e.g. "Amber", or "Amber/Steel" for a card of two inks */
  readonly ink?: string;
  readonly inkable?: boolean;
  /** e.g. "Character" */
  readonly type?: string;
  readonly lore?: number;
  readonly strength?: number;
  readonly willpower?: number;
}

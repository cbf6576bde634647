/** A card's speed, as the API's `speed` gives it (true: fast, false: slow; "Parts of a Card - Speed"). */
export type GrandArchiveSpeed = 'fast' | 'slow';

/**
 * One card of the table, as the generator writes it (compact: one array a card): uuid, name, set prefix and collector
 * number of its first edition ('' and 0 where the source has no editions), types, classes, subtypes (upper case, as the
 * API spells them), element, memory cost, reserve cost, level, power, life, durability, speed (null where the card
 * prints none).
 */
export type GrandArchiveRow = readonly [
  uuid: string,
  name: string,
  set: string,
  number: number,
  types: readonly string[],
  classes: readonly string[],
  subtypes: readonly string[],
  element: string,
  memoryCost: number | null,
  reserveCost: number | null,
  level: number | null,
  power: number | null,
  life: number | null,
  durability: number | null,
  speed: GrandArchiveSpeed | null,
];

/** Where the Grand Archive table was read from, under which licence, and the date of what was read. */
export interface GrandArchiveSource {
  /** a repository (owner/name) or the API's address */
  readonly repository: string;
  /** the commit read, or null for the API */
  readonly commit: string | null;
  /** the file of the repository, or the API's endpoint */
  readonly path: string;
  readonly license: string;
  /** the date of the commit, or of the API's answers (YYYY-MM-DD) */
  readonly date: string;
}

/** A reward as the card prints it: a count ("1x", "7x", "?x", "Roll- Gain x") and a kind ("Coin", "Loot", "Treasure", "Soul"). */
export type FourSoulsReward = readonly [count: string, kind: string];

/**
 * One card of the table, as the generator writes it (compact: one array a card): the card's id in the source, its
 * set, its number in the set (the source's order, from 1), its name, its type as the source labels it (e.g.
 * "Boss Card"), its copies in the set, its HP, DC and ATK (null where it prints none), its rewards, and the ids of the
 * cards the source relates to it (a character's starting item and back).
 */
export type FourSoulsRow = readonly [
  id: string,
  set: string,
  number: number,
  name: string,
  type: string,
  copies: number,
  hp: number | null,
  dc: number | null,
  atk: number | null,
  rewards: readonly FourSoulsReward[],
  related: readonly string[],
];

/** Where the Four Souls table was read from. */
export interface FourSoulsSource {
  readonly repository: string;
  readonly commit: string;
  /** the set files read, in that repository */
  readonly paths: readonly string[];
  readonly license: string;
  /** the day the table was generated (YYYY-MM-DD) */
  readonly generated: string;
}

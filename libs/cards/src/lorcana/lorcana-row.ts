/** The six inks, as the card files spell them. */
export type LorcanaInk = 'amber' | 'amethyst' | 'emerald' | 'ruby' | 'sapphire' | 'steel';

export type LorcanaCardType = 'character' | 'action' | 'item' | 'location';

/**
 * One card file of the table, as the generator writes it (compact: one array a card):
 * short id, name, version (null: a card without one), set, number, type, ink ("amber" or "amber/steel"), cost, inkable,
 * lore, strength, willpower (null where the card prints none).
 */
export type LorcanaRow = readonly [
  id: string,
  name: string,
  version: string | null,
  set: string,
  number: number,
  type: LorcanaCardType,
  ink: string,
  cost: number,
  inkable: boolean,
  lore: number | null,
  strength: number | null,
  willpower: number | null,
];

/** Where a table was read from. */
export interface CardSource {
  readonly repository: string;
  readonly commit: string;
  /** the folder of the card files in that repository */
  readonly path: string;
  readonly license: string;
}

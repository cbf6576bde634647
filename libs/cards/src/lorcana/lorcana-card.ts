import type { PrintedFacts } from '@matchlog/domain';
import { LorcanaCardType, LorcanaInk, LorcanaRow } from './lorcana-row';

/** One card file of the table: a printing (short id, set, number) of a card definition and its printed facts. */
export interface LorcanaCard {
  /** the card file's short id, as a tcg.online replay names it (e.g. "WeA") */
  readonly id: string;
  readonly name: string;
  readonly version?: string;
  /** `Name - Version`, or the name alone for a card without a version: the definition's name in a match */
  readonly definition: string;
  /** "001" … "012", or a promo set such as "P03" */
  readonly set: string;
  readonly number: number;
  readonly type: LorcanaCardType;
  /** one ink, or two for a dual-ink card */
  readonly ink: readonly LorcanaInk[];
  readonly cost: number;
  readonly inkable: boolean;
  /** characters and locations */
  readonly lore?: number;
  /** characters */
  readonly strength?: number;
  /** characters and locations */
  readonly willpower?: number;
}

/** A definition's name: `Name - Version`, or the name alone. */
export const definitionName = (name: string, version?: string | null): string => (version ? `${name} - ${version}` : name);

export const cardOfRow = ([id, name, version, set, number, type, ink, cost, inkable, lore, strength, willpower]: LorcanaRow): LorcanaCard => ({
  id,
  name,
  ...(version !== null && { version }),
  definition: definitionName(name, version),
  set,
  number,
  type,
  ink: ink.split('/') as LorcanaInk[],
  cost,
  inkable,
  ...(lore !== null && { lore }),
  ...(strength !== null && { strength }),
  ...(willpower !== null && { willpower }),
});

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A card's printed facts as the domain's card definitions carry them: "Amber", "Amber/Steel", "Character". */
export const printedFacts = (card: LorcanaCard): PrintedFacts => ({
  cost: card.cost,
  ink: card.ink.map(capitalised).join('/'),
  inkable: card.inkable,
  type: capitalised(card.type),
  ...(card.lore !== undefined && { lore: card.lore }),
  ...(card.strength !== undefined && { strength: card.strength }),
  ...(card.willpower !== undefined && { willpower: card.willpower }),
});

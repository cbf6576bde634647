import type { PrintedFacts } from '@matchlog/domain';
import type { TableCard } from '../card-table';
import { GrandArchiveRow, GrandArchiveSpeed } from './grand-archive-row';

/** One Grand Archive card of the table: its uuid, name and printed facts ("General Rules - Parts of a Card"). */
export interface GrandArchiveCard extends TableCard {
  /** the API's uuid, e.g. "LMyKyVC2O9" */
  readonly id: string;
  readonly types: readonly string[];
  readonly classes: readonly string[];
  readonly subtypes: readonly string[];
  /** e.g. "FIRE", "NORM" */
  readonly element: string;
  readonly memoryCost?: number;
  readonly reserveCost?: number;
  /** champions */
  readonly level?: number;
  readonly power?: number;
  readonly life?: number;
  readonly durability?: number;
  readonly speed?: GrandArchiveSpeed;
}

export const grandArchiveCardOfRow = ([
  id,
  name,
  set,
  number,
  types,
  classes,
  subtypes,
  element,
  memoryCost,
  reserveCost,
  level,
  power,
  life,
  durability,
  speed,
]: GrandArchiveRow): GrandArchiveCard => ({
  id,
  name,
  definition: name,
  set,
  number,
  types,
  classes,
  subtypes,
  element,
  ...(memoryCost !== null && { memoryCost }),
  ...(reserveCost !== null && { reserveCost }),
  ...(level !== null && { level }),
  ...(power !== null && { power }),
  ...(life !== null && { life }),
  ...(durability !== null && { durability }),
  ...(speed !== null && { speed }),
});

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

/** Whether a card is a champion ("Card Types - Champion"). */
export const isChampion = (card: Pick<GrandArchiveCard, 'types'>): boolean => card.types.includes('CHAMPION');

/** A card's printed facts as the domain's card definitions carry them: type "Regalia Item", element "Fire", speed "Fast". */
export const grandArchivePrinted = (card: GrandArchiveCard): PrintedFacts => ({
  type: card.types.map(capitalised).join(' '),
  ...(card.element !== '' && { element: capitalised(card.element) }),
  ...(card.memoryCost !== undefined && { memoryCost: card.memoryCost }),
  ...(card.reserveCost !== undefined && { reserveCost: card.reserveCost }),
  ...(card.level !== undefined && { level: card.level }),
  ...(card.power !== undefined && { power: card.power }),
  ...(card.life !== undefined && { life: card.life }),
  ...(card.durability !== undefined && { durability: card.durability }),
  ...(card.speed !== undefined && { speed: capitalised(card.speed) }),
});

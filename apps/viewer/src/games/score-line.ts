import type { View } from '@matchlog/client';

export type SeenCard = View['zones'][string]['cards'][number];

/** One figure of a player's score on the overlay: its name, its value, and the mark it is played to where a document sets one. */
export interface ScoreLine {
  /** the data-counter it is shown under: a counter's name, or "life", "level", "hp" */
  readonly key: string;
  readonly label: string;
  readonly value: number;
  readonly goal?: number;
  /** a meter's top where the figure runs down from a printed value (a champion's life) */
  readonly of?: number;
}

/** The cards of a player's zone as this audience sees them. */
export const cardsOf = (view: View, zone: string, player: string): readonly SeenCard[] => view.zones[`${zone}@${player}`]?.cards ?? [];

import type { View } from '@matchlog/client';
import { h } from '../dom';
import { fourSoulsFacts } from './four-souls/card-facts';
import { grandArchiveFacts } from './grand-archive/card-facts';
import { lorcanaFacts } from './lorcana/card-facts';

export type Printed = NonNullable<View['zones'][string]['cards'][number]['printed']>;

/** One printed fact as the card shows it: its class (where styles.css places it), its short text and its words on hover. */
export interface Fact {
  readonly kind: string;
  readonly text: string;
  readonly title: string;
  readonly value?: number | string;
}

/** A game's printed facts, in the order the card shows them; each game says only what it prints. */
export type FactsOf = (printed: Printed) => readonly Fact[];

/** Lorcana's cost, lore and strength keep their own shapes (lorcana/card-facts.ts); the other games' are plain facts. */
const BY_GAME: Record<string, FactsOf> = { 'grand-archive': grandArchiveFacts, 'four-souls': fourSoulsFacts };

/** The facts a card of `game` shows; a match that names no game, or Lorcana, shows Lorcana's. */
export const factsOf = (game: string | null | undefined, printed: Printed): readonly Fact[] => (BY_GAME[game ?? ''] ?? (() => []))(printed);

const factElement = (fact: Fact) =>
  h('span', { class: `fact ${fact.kind}`, 'data-fact': fact.kind, 'data-value': fact.value, title: fact.title, 'aria-label': fact.title }, fact.text);

/**
 * What is printed on a card of `game`, as the board shows it. Only a card whose definition this audience sees has
 * `printed` (the view decides), so a card shown by its back never says more than its back.
 */
export const printedFacts = (game: string | null | undefined, printed: Printed | undefined) => {
  if (printed === undefined) return [];
  if (game === undefined || game === null || !(game in BY_GAME)) return lorcanaFacts(printed);
  const facts = factsOf(game, printed);
  return facts.length === 0 ? [] : [h('span', { class: 'facts', 'data-game': game }, facts.map(factElement))];
};

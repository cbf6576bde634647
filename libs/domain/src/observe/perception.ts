import { CardState, MatchLayout, MatchState, NO_COUNTERS } from '../state/match-state';
import { Audience } from './audience';
import { SeenCard } from './observation';
import { canLookAt } from './visibility';
import { printedOf } from '../state/identity';

/**
 * What one audience can follow of the table, indexed like the match's cards. Handles are handed out
 * from a counter in an order fixed by public facts only (zone order, position), never by card ids or
 * definitions, so they can reveal nothing hidden.
 */
export interface Perception {
  readonly audience: Audience;
  readonly handles: readonly number[];
  readonly known: readonly boolean[];
  readonly next: number;
}

const names: string[] = [];
const NAMED = 1 << 16;

/** The same string for the same handle (the first 65,536 of them), so views compare handles by reference. */
export const handleName = (handle: number): string => (handle < NAMED ? (names[handle] ??= `h${handle}`) : `h${handle}`);

/** The first perception: handles in zone order, then position; each card known if the audience may look at it. */
export const firstPerception = (match: MatchState, audience: Audience): Perception => {
  const handles: number[] = new Array(match.cards.length).fill(0);
  let next = 1;
  for (const zone of match.zones) for (const card of zone) handles[card] = next++;
  return { audience, handles, known: match.cards.map((card) => canLookAt(match.layout!, card, audience)), next };
};

export const seen = (layout: MatchLayout, perception: Perception, card: CardState, index: number): SeenCard => {
  const zone = layout.zones[card.zone];
  const visibleStatus = zone.definition.visibility === 'public' || zone.definition.anonymous;
  const result: { -readonly [K in keyof SeenCard]: SeenCard[K] } = { handle: handleName(perception.handles[index]) };
  if (perception.known[index] && card.definition !== null) {
    result.definition = card.definition;
    const printed = printedOf(layout, index, card);
    if (printed !== undefined) result.printed = printed;
  }
  if (zone.definition.visibility === 'public' && card.faceDown) result.faceDown = true;
  if (visibleStatus && card.exerted) result.exerted = true;
  if (visibleStatus && card.damage > 0) result.damage = card.damage;
  if (zone.definition.visibility === 'public' && card.counters !== NO_COUNTERS) result.counters = card.counters;
  if (card.controller !== null && zone.player !== null && card.controller !== zone.player) result.controller = card.controller;
  return result;
};

/** Marks cards as identified; returns the same perception when nothing changes. */
export const learn = (perception: Perception, cards: readonly number[]): Perception => {
  if (cards.every((card) => perception.known[card])) return perception;
  const known = perception.known.slice();
  for (const card of cards) known[card] = true;
  return { audience: perception.audience, handles: perception.handles, known, next: perception.next };
};

/** The perception with one card's knowledge changed. */
export const knowing = (perception: Perception, card: number, knows: boolean): Perception => {
  const known = perception.known.slice();
  known[card] = knows;
  return { audience: perception.audience, handles: perception.handles, known, next: perception.next };
};

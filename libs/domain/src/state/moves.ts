import { Move, Position } from '../events/events';
import { ZoneDefinition } from '../rules/ruleset';
import { CardState, MatchLayout } from './match-state';
import { zoneIndexOf } from './layout';
import { NO_COUNTERS } from './counters';
import { withDefinition } from './identity';

/** Where `position` puts a card in a zone that holds `size` cards: 0 is the top. Unordered zones append. */
export const insertionIndex = (zone: ZoneDefinition, size: number, position: Position | undefined): number => {
  const where = position ?? zone.enterAt ?? 'top';
  if (!zone.ordered || where === 'bottom') return size;
  if (where === 'top') return 0;
  return Math.max(0, Math.min(size, where));
};

const becomesNewObject = (layout: MatchLayout, from: number, to: number): boolean => {
  if (from === to) return false;
  const leaving = layout.ruleset.zoneChange.newObjectWhenLeaving;
  return leaving === 'any' || (layout.zones[from].definition.inPlay && !layout.zones[to].definition.inPlay);
};

/** The card after it lands in zone `to`: status (exerted, damage, counters) belongs to an object and does not follow it to another zone (Lorcana 7.1.6, 7.5.2). */
export const landedCard = (layout: MatchLayout, card: CardState, to: number, faceDown: boolean | undefined): CardState => {
  const zone = layout.zones[to];
  const changed = card.zone !== to;
  // a literal with every field, not a spread: this is the hottest line of the fold
  return {
    cardId: card.cardId,
    owner: card.owner,
    controller: zone.player ?? card.controller,
    definition: card.definition,
    zone: to,
    faceDown: faceDown ?? (changed ? zone.definition.defaultFace === 'down' : card.faceDown),
    exerted: changed ? false : card.exerted,
    damage: changed ? 0 : card.damage,
    counters: changed ? NO_COUNTERS : card.counters,
    object: becomesNewObject(layout, card.zone, to) ? card.object + 1 : card.object,
  };
};

/**
 * Applies one move to mutable copies of the card and zone arrays. Returns false, touching nothing,
 * when the move names something that does not exist: `evolve` never throws.
 */
export const applyMove = (layout: MatchLayout, cards: CardState[], zones: (readonly number[])[], move: Move): boolean => {
  const index = layout.cardIndex.get(move.cardId);
  const to = zoneIndexOf(layout, move.to);
  if (index === undefined || to === undefined) return false;
  const card = cards[index];
  const fromContents = without(zones[card.zone], index);
  zones[card.zone] = fromContents;
  const target = card.zone === to ? fromContents : zones[to];
  zones[to] = inserted(target, insertionIndex(layout.zones[to].definition, target.length, move.position), index);
  const landed = landedCard(layout, card, to, move.faceDown);
  cards[index] = move.definition === undefined ? landed : withDefinition(landed, move.definition);
  return true;
};

const without = (cards: readonly number[], card: number): number[] => {
  const rest: number[] = [];
  for (const c of cards) if (c !== card) rest.push(c);
  return rest;
};

const inserted = (cards: readonly number[], at: number, card: number): number[] => {
  const result = cards.slice(0, at);
  result.push(card);
  for (let i = at; i < cards.length; i++) result.push(cards[i]);
  return result;
};

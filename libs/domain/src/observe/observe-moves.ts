import { Move } from '../events/events';
import { MatchLayout, MatchState } from '../state/match-state';
import { MoveSeen, Observation, SeenCard } from './observation';
import { Perception, handleName, seen } from './perception';
import { canLookAt, forgets } from './visibility';

interface Step {
  readonly card: number;
  readonly from: number;
  readonly move: Move;
}

/**
 * Moves are followed card by card, except cards put together into one ordered zone that this
 * audience cannot identify there: their order is chosen out of its sight (e.g. "in any order"),
 * so they get new handles by final position and are reported unpaired from where they came.
 * Validation guarantees each card moves once per event, so `after` holds every card's final place.
 */
export const observeMoves = (
  before: MatchState,
  after: MatchState,
  layout: MatchLayout,
  perception: Perception,
  moves: readonly Move[],
  single: boolean,
): { observation: Observation; perception: Perception } => {
  const steps: Step[] = [];
  for (const move of moves) {
    const card = layout.cardIndex.get(move.cardId);
    if (card === undefined || after.cards[card].zone === undefined) return { observation: { type: 'Nothing' }, perception };
    steps.push({ card, from: before.cards[card].zone, move });
  }
  const { cards, zones } = after;
  let known = perception.known;
  for (const { card } of steps) {
    const now = cards[card];
    const knows = canLookAt(layout, now, perception.audience) || (known[card] && !forgets(layout, now, before.cards[card]));
    if (knows !== known[card]) known = Object.assign(known.slice(), { [card]: knows });
  }
  const unfollowed = single ? new Set<number>() : cardsPlacedOutOfSight(layout, before, cards, steps, perception);
  if (unfollowed.size) known = known.slice();
  for (const card of unfollowed) (known as boolean[])[card] = false;
  const handles = unfollowed.size ? perception.handles.slice() : perception.handles;
  let next = perception.next;
  const renewed = [...unfollowed].sort((a, b) => cards[a].zone - cards[b].zone || zones[cards[a].zone].indexOf(a) - zones[cards[b].zone].indexOf(b));
  for (const card of renewed) (handles as number[])[card] = next++;
  const changed = known !== perception.known || handles !== perception.handles;
  const result: Perception = changed ? { ...perception, known, handles, next } : perception;
  const indexIn = (card: number) => zones[cards[card].zone].indexOf(card);
  const seenNow = (card: number): SeenCard => seen(layout, result, cards[card], card);
  const followed: MoveSeen[] = [];
  for (const { card, from, move } of steps) {
    if (unfollowed.has(card)) continue;
    const source = move.source === undefined ? undefined : layout.cardIndex.get(move.source);
    followed.push({
      from: layout.zones[from].ref,
      handle: handleName(perception.handles[card]),
      to: layout.zones[cards[card].zone].ref,
      index: indexIn(card),
      card: seenNow(card),
      ...(move.reason !== undefined && { reason: move.reason }),
      ...(source !== undefined && { source: seenNow(source) }),
    });
  }
  if (single) return { observation: { type: 'CardMoved', move: followed[0] }, perception: result };
  if (unfollowed.size === 0) return { observation: { type: 'CardsMoved', moves: followed }, perception: result };
  const left = steps
    .filter(({ card }) => unfollowed.has(card))
    .map(({ card, from }) => ({ from, handle: perception.handles[card] }))
    .sort((a, b) => a.from - b.from || a.handle - b.handle)
    .map(({ from, handle }) => ({ zone: layout.zones[from].ref, handle: handleName(handle) }));
  const arrived = renewed.map((card) => ({ zone: layout.zones[cards[card].zone].ref, index: indexIn(card), card: seenNow(card) }));
  return { observation: { type: 'CardsMoved', moves: followed, unseen: { left, arrived } }, perception: result };
};
/**
 * Cards that end, two or more together, in one ordered zone this audience cannot look into, having
 * moved face down to it: their order was chosen out of its sight. Only a player who arranges them
 * (the player of the zone they leave or enter) and knew them can follow them (Lorcana 7.2.3 keeps
 * face-up cards' order known to all).
 */
const cardsPlacedOutOfSight = (
  layout: MatchLayout,
  before: MatchState,
  cards: MatchState['cards'],
  steps: readonly Step[],
  perception: Perception,
): Set<number> => {
  const { audience } = perception;
  const byZone = new Map<number, number[]>();
  for (const { card, from } of steps) {
    const zone = cards[card].zone;
    if (!layout.zones[zone].definition.ordered || canLookAt(layout, cards[card], audience)) continue;
    const arranges = layout.zones[from].player === audience || layout.zones[zone].player === audience;
    if (canLookAt(layout, before.cards[card], audience) || (arranges && perception.known[card])) continue;
    byZone.set(zone, [...(byZone.get(zone) ?? []), card]);
  }
  return new Set([...byZone.values()].filter((group) => group.length > 1).flat());
};

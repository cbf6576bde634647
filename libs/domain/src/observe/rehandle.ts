import { MatchLayout, MatchState } from '../state/match-state';
import { ZoneSeen } from './observation';
import { Perception, seen } from './perception';
import { indistinct } from './visibility';

/** The cards of a zone this audience can not tell apart, in an order of public facts only: those it knows, by name, then the rest. */
export const canonicalUnseen = (layout: MatchLayout, state: MatchState, zone: number, known: readonly boolean[], audience: string): number[] => {
  const { cards } = state;
  const named: number[] = [];
  const rest: number[] = [];
  for (const card of state.zones[zone]) if (indistinct(layout, cards[card], audience)) (known[card] ? named : rest).push(card);
  if (named.length > 1) named.sort((a, b) => byName(cards[a].definition ?? '', cards[b].definition ?? ''));
  for (const card of rest) named.push(card);
  return named;
};

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * New handles for the cards of unordered zones this audience can not look into, handed out in the
 * canonical order, and those zones as it now sees them (the cards it can look at first, as they lie).
 * Needed whenever one card there was singled out (it left, was revealed, looked at, found): the owner
 * arranges such a zone freely (Lorcana 7.3.2, 7.4.2, 7.5.4), so no handle there may say which card is which.
 */
export const rehandle = (layout: MatchLayout, state: MatchState, perception: Perception, zones: Iterable<number>): { perception: Perception; rehandled: ZoneSeen[] } => {
  const targets = [...new Set(zones)].sort((a, b) => a - b);
  if (targets.length === 0) return { perception, rehandled: [] };
  const handles = perception.handles.slice();
  let next = perception.next;
  const order = targets.map((zone) => canonicalUnseen(layout, state, zone, perception.known, perception.audience));
  for (const cards of order) for (const card of cards) handles[card] = next++;
  const result: Perception = { audience: perception.audience, handles, known: perception.known, next };
  const rehandled = targets.map((zone, i) => ({
    zone: layout.zones[zone].ref,
    cards: [...state.zones[zone].filter((c) => !indistinct(layout, state.cards[c], perception.audience)), ...order[i]].map((card) => seen(layout, result, state.cards[card], card)),
  }));
  return { perception: result, rehandled };
};

/** The zones, among where these cards lie, in which this audience can not tell them from the others. */
export const blindZonesOf = (layout: MatchLayout, state: MatchState, cards: readonly number[], audience: string): number[] =>
  cards.filter((card) => indistinct(layout, state.cards[card], audience)).map((card) => state.cards[card].zone);

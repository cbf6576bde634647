import { MatchLayout, MatchState, Move } from '@matchlog/domain';
import { correctedId, zoneIndexOf } from '@matchlog/domain';
import { CheckFactory } from '../check';
import { movesOf } from '../support';

const DECK = 'deck';

/**
 * DECK_ORDER_CHANGED (7.2.2): players can't change the order of the cards in their deck; only a
 * shuffle may. Flagged, once per deck and event, when without an effect (`source`):
 * - a card leaves the deck from below the cards left on top (drawing a card that was not on top),
 *   unless a SearchPerformed found it since it last moved;
 * - a card is moved within its deck so that the deck's cards are in another order.
 * A correction (`corrects`) is not a player's act: the CORRECTION note reports it instead.
 */
export const deckOrderChanged: CheckFactory = () => {
  /** cards a search found that have not moved since */
  const found = new Set<string>();
  return (step, report) => {
    const { event, before, after, layout } = step;
    if (event.type === 'SearchPerformed') {
      if (event.data.found !== null) found.add(event.data.found);
      return;
    }
    if (event.type === 'ZoneShuffled') {
      for (const cardId of event.data.order ?? []) found.delete(cardId);
      return;
    }
    const moves = movesOf(event);
    if (moves.length === 0) return;
    // a correction puts the log right about a deck no one changed (a card named when revealed): CORRECTION notes it
    if (correctedId(event) !== undefined) {
      for (const move of moves) found.delete(move.cardId);
      return;
    }
    const touched = new Map<number, Move[]>();
    for (const move of moves) {
      const card = layout.cardIndex.get(move.cardId);
      if (card === undefined) continue;
      const from = before.cards[card].zone;
      if (layout.zones[from].definition.name === DECK) push(touched, from, move);
      const to = zoneIndexOf(layout, move.to);
      if (to === from) continue;
      if (to !== undefined && layout.zones[to].definition.name === DECK && !touched.has(to)) touched.set(to, []);
    }
    for (const [deck, leaving] of touched) {
      const bad = drawnFromBelow(layout, before, deck, leaving, found) ?? reordered(layout, before, after, deck, leaving);
      if (bad !== null) {
        const owner = layout.zones[deck].player;
        report('DECK_ORDER_CHANGED', owner === null ? [] : [owner], { zone: layout.zones[deck].ref, cards: bad });
      }
    }
    for (const move of moves) found.delete(move.cardId);
  };
};

const push = (map: Map<number, Move[]>, key: number, move: Move) => {
  const list = map.get(key);
  if (list) list.push(move);
  else map.set(key, [move]);
};

/** Cards that left the deck (not by an effect, not found by a search) from below a card that stayed on top of them. */
const drawnFromBelow = (layout: MatchLayout, before: MatchState, deck: number, moves: readonly Move[], found: ReadonlySet<string>): string[] | null => {
  const exempt = new Set<number>();
  const drawn = new Set<number>();
  for (const move of moves) {
    const card = layout.cardIndex.get(move.cardId)!;
    if (zoneIndexOf(layout, move.to) === deck) continue;
    if (move.source !== undefined || found.has(move.cardId)) exempt.add(card);
    else drawn.add(card);
  }
  if (drawn.size === 0) return null;
  // without the exempt cards, the drawn ones must be exactly the top of the deck
  let position = 0;
  const bad: string[] = [];
  for (const card of before.zones[deck]) {
    if (exempt.has(card)) continue;
    if (drawn.has(card) && position >= drawn.size) bad.push(layout.cardIds[card]);
    position++;
  }
  return bad.length > 0 ? bad : null;
};

/** A move within the deck, not by an effect, that leaves the deck's cards in another relative order. */
const reordered = (layout: MatchLayout, before: MatchState, after: MatchState, deck: number, moves: readonly Move[]): string[] | null => {
  const within = moves.filter((move) => zoneIndexOf(layout, move.to) === deck);
  if (within.length === 0 || within.every((move) => move.source !== undefined)) return null;
  const stayed = new Set(after.zones[deck]);
  const was = before.zones[deck].filter((card) => stayed.has(card));
  const kept = new Set(was);
  const now = after.zones[deck].filter((card) => kept.has(card));
  for (let i = 0; i < was.length; i++) if (was[i] !== now[i]) return within.map((move) => move.cardId);
  return null;
};

import { MatchEvent, emptyMatch, evolve, zoneKey } from '@matchlog/domain';
import { definitionsOf, everSeen, lookableNow, seesFor } from './oracle';

/**
 * The same match in another world that differs only in what the audience never saw: the cards it
 * never saw swap recorder ids with each other (so hidden deck orders change) and get each other's
 * definitions. `shift` picks the permutation.
 */
export const twinFor = (events: readonly MatchEvent[], audience: string, shift: number): { events: MatchEvent[]; hidden: string[] } => {
  const seen = everSeen(events, audience).at(-1)!;
  const definitions = definitionsOf(events);
  const hidden = [...definitions.keys()].filter((id) => !seen.has(id));
  if (hidden.length < 2) return { events: [...events], hidden };
  const k = 1 + (shift % (hidden.length - 1));
  const rename = new Map(hidden.map((id, i) => [id, hidden[(i + k) % hidden.length]]));
  const redefine = new Map(hidden.map((id, i) => [id, definitions.get(hidden[(i + hidden.length - 1) % hidden.length])!]));
  const twin = events.map((e, i) => {
    const data =
      i === 0 && e.type === 'MatchCreated' ? { ...e.data, cards: e.data.cards.map((card) => ({ ...card, definition: redefine.get(card.cardId) ?? card.definition })) } : e.data;
    return JSON.parse(JSON.stringify({ ...e, data }), (_key, value) => (typeof value === 'string' && rename.has(value) ? rename.get(value) : value));
  });
  return { events: twin, hidden };
};

/**
 * Another world that differs only in an order chosen out of the audience's sight: a shuffle's result,
 * or where cards moved together face down (from a zone it could not look into, by someone else) landed.
 * Two such cards that the audience never sees again trade places from that event on. The audience
 * may have known either card before; a view that could still follow it differs here.
 */
export const placementTwin = (events: readonly MatchEvent[], audience: string, choice: number): MatchEvent[] | null => {
  const groups = events.flatMap((e, at) => placementGroups(events, e, at, audience).map((ids) => ({ at, ids })));
  if (groups.length === 0) return null;
  const { at, ids } = groups[choice % groups.length];
  const seenLater = everSeen(events, audience, at).at(-1)!;
  const unseen = ids.filter((id) => !seenLater.has(id));
  if (unseen.length < 2) return null;
  // the group's first card (e.g. the one leaving a hand) is the one whose fate changes
  const x = unseen.includes(ids[0]) ? ids[0] : unseen[choice % unseen.length];
  const others = unseen.filter((id) => id !== x);
  const y = others[choice % others.length];
  const swap = (value: unknown) => (value === x ? y : value === y ? x : value);
  return events.map((e, i) => (i < at ? e : JSON.parse(JSON.stringify(e), (_key, value) => swap(value))));
};

const placementGroups = (events: readonly MatchEvent[], e: MatchEvent, at: number, audience: string): string[][] => {
  if (e.type === 'ZoneShuffled') return [(e.data.order ?? []).slice()];
  if (e.type === 'CardMoved' || e.type === 'CardsMoved') return [...leavingUnseen(events, e, at, audience), ...placedUnseen(events, e, at, audience)];
  return [];
};

/**
 * A card leaving an unordered zone where the audience could not look at it (another player's hand,
 * the inkwell, face down in play), and the other cards there it could not look at either: the owner
 * arranges such zones freely, so any of them could have been the one that left.
 */
const leavingUnseen = (events: readonly MatchEvent[], e: MatchEvent, at: number, audience: string): string[][] => {
  const moves = e.type === 'CardMoved' ? [e.data] : e.type === 'CardsMoved' ? e.data.moves : [];
  const state = events.slice(0, at).reduce(evolve, emptyMatch);
  const layout = state.layout!;
  const lookable = lookableNow(events.slice(0, at), audience);
  const moving = new Set(moves.map((m) => m.cardId));
  return moves.flatMap((move) => {
    const from = layout.zoneIndex.get(zoneKey(move.from));
    // a hand or the inkwell: unordered and not public, so which of its unseen cards left can not be told
    if (from === undefined || layout.zones[from].definition.ordered || layout.zones[from].definition.visibility === 'public' || lookable.has(move.cardId)) return [];
    // only a card that looks the same to the audience (face, status, controller are public) could be mistaken for it
    const looks = (c: number) => {
      const { faceDown, exerted, damage, controller } = state.cards[c];
      return JSON.stringify([faceDown, exerted, damage, controller]);
    };
    const x = layout.cardIndex.get(move.cardId)!;
    const others = state.zones[from]
      .filter((c) => looks(c) === looks(x))
      .map((c) => state.cards[c].cardId)
      .filter((id) => !lookable.has(id) && !moving.has(id));
    return others.length ? [[move.cardId, ...others]] : [];
  });
};

const placedUnseen = (events: readonly MatchEvent[], e: MatchEvent, at: number, audience: string): string[][] => {
  if (e.type !== 'CardsMoved') return [];
  const lookable = lookableNow(events.slice(0, at), audience);
  const state = events.slice(0, at).reduce(evolve, emptyMatch);
  const groups = new Map<string, string[]>();
  for (const move of e.data.moves) {
    if (seesFor(state, audience, move.from.player) || seesFor(state, audience, move.to.player) || lookable.has(move.cardId)) continue;
    const key = JSON.stringify([move.from, move.to]);
    groups.set(key, [...(groups.get(key) ?? []), move.cardId]);
  }
  return [...groups.values()].filter((group) => group.length > 1);
};

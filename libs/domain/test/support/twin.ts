import { MatchEvent } from '@matchlog/domain';
import { definitionsOf, everSeen, lookableNow } from './oracle';

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
      i === 0 && e.type === 'MatchCreated'
        ? { ...e.data, cards: e.data.cards.map((card) => ({ ...card, definition: redefine.get(card.cardId) ?? card.definition })) }
        : e.data;
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
  const x = unseen[choice % unseen.length];
  const y = unseen[(choice + 1) % unseen.length];
  const swap = (value: unknown) => (value === x ? y : value === y ? x : value);
  return events.map((e, i) => (i < at ? e : JSON.parse(JSON.stringify(e), (_key, value) => swap(value))));
};

const placementGroups = (events: readonly MatchEvent[], e: MatchEvent, at: number, audience: string): string[][] => {
  if (e.type === 'ZoneShuffled') return [e.data.order.slice()];
  if (e.type !== 'CardsMoved') return [];
  const lookable = lookableNow(events.slice(0, at), audience);
  const groups = new Map<string, string[]>();
  for (const move of e.data.moves) {
    if (move.from.player === audience || move.to.player === audience || lookable.has(move.cardId)) continue;
    const key = JSON.stringify([move.from, move.to]);
    groups.set(key, [...(groups.get(key) ?? []), move.cardId]);
  }
  return [...groups.values()].filter((group) => group.length > 1);
};

import { Move, ZoneShuffled } from '../events/events';
import { ZoneRef } from '../events/zone-ref';
import { cite } from '../rules/ruleset';
import { MatchLayout, MatchState } from '../state/match-state';
import { zoneIndexOf } from '../state/layout';
import { applyMove } from '../state/moves';
import { Verdict, accepted, rejected } from './domain-error';
import { checkCard, checkZone } from './check-refs';
import { checkMoveName, checkShuffleOrder } from './check-identity';

/** A card can exist in only one zone at a time (Lorcana 7.1.5): it must be where `zone` says. */
export const checkCardIn = (state: MatchState, layout: MatchLayout, cardId: string, zone: ZoneRef, path: string): Verdict => {
  const card = checkCard(layout, cardId, path);
  if (!card.ok) return card;
  const where = zoneIndexOf(layout, zone);
  const actual = state.cards[layout.cardIndex.get(cardId)!].zone;
  return where === actual
    ? accepted
    : rejected(
        'CARD_NOT_IN_ZONE',
        cite(layout.ruleset, layout.ruleset.references.oneZoneAtATime),
        `card "${cardId}" is in ${layout.zones[actual].key}, not in ${layout.zones[where!]?.key ?? '?'}`,
        path,
      );
};

/** Moves are checked one after another against the zones the earlier moves of the same event leave. */
export const checkMoves = (state: MatchState, layout: MatchLayout, moves: readonly Move[], path: string, corrects?: string): Verdict => {
  const cards = state.cards.slice();
  const zones = state.zones.slice();
  const single = moves.length === 1 && path === 'data';
  const moved = new Set<string>();
  for (let i = 0; i < moves.length; i++) {
    const at = single ? path : `${path}[${i}]`;
    if (moved.has(moves[i].cardId)) {
      return rejected(
        'CARD_MOVED_TWICE',
        cite(layout.ruleset, layout.ruleset.references.oneZoneAtATime),
        `card "${moves[i].cardId}" moves twice in one simultaneous move`,
        `${at}.cardId`,
      );
    }
    moved.add(moves[i].cardId);
    const verdict = checkMove({ ...state, cards, zones }, layout, moves[i], at);
    if (!verdict.ok) return verdict;
    const named = checkMoveName({ ...state, cards, zones }, layout, moves[i], corrects, at);
    if (!named.ok) return named;
    applyMove(layout, cards, zones, moves[i]);
  }
  return accepted;
};

const checkMove = (state: MatchState, layout: MatchLayout, move: Move, path: string): Verdict => {
  const zones = [checkZone(layout, move.from, `${path}.from`), checkZone(layout, move.to, `${path}.to`)];
  const badZone = zones.find((verdict) => !verdict.ok);
  if (badZone) return badZone;
  const card = checkCard(layout, move.cardId, `${path}.cardId`);
  if (!card.ok) return card;
  const from = zoneIndexOf(layout, move.from)!;
  const to = zoneIndexOf(layout, move.to)!;
  if (layout.zones[from].definition.name === layout.ruleset.handZone && state.zones[from].length === 0) {
    return rejected(
      'HAND_BELOW_ZERO',
      cite(layout.ruleset, layout.ruleset.references.handNotBelowZero),
      `${layout.zones[from].key} is empty: a hand can't have fewer than 0 cards`,
      `${path}.from`,
    );
  }
  const inZone = checkCardIn(state, layout, move.cardId, move.from, `${path}.from`);
  if (!inZone.ok) return inZone;
  if (layout.zones[to].definition.holdsAbilities) {
    return rejected(
      'CARD_INTO_BAG',
      cite(layout.ruleset, layout.ruleset.references.onlyTriggeredInBag),
      `cards can't be put into the ${move.to.zone}: only triggered abilities are added to it`,
      `${path}.to`,
    );
  }
  if (typeof move.position === 'number') {
    const size = state.zones[to].length - (from === to ? 1 : 0);
    if (!Number.isInteger(move.position) || move.position < 0 || move.position > size) {
      return rejected('POSITION_OUT_OF_RANGE', 'matchlog', `position ${move.position} is outside ${layout.zones[to].key}, which will hold ${size + 1} cards`, `${path}.position`);
    }
  }
  return accepted;
};

/** The order must be the zone's own cards, or for an empty Four Souls deck, its discard's cards. */
export const checkShuffle = (state: MatchState, layout: MatchLayout, shuffle: ZoneShuffled): Verdict => {
  const zone = checkZone(layout, shuffle.zone, 'data.zone');
  if (!zone.ok) return zone;
  const index = zoneIndexOf(layout, shuffle.zone)!;
  const refill = layout.zones[index].definition.refillFrom;
  const source = state.zones[index].length === 0 && refill !== undefined ? (zoneIndexOf(layout, { zone: refill }) ?? index) : index;
  const expected = new Set(state.zones[source]);
  const known = checkShuffleOrder(state, layout, state.zones[source], shuffle.order !== undefined);
  if (!known.ok || shuffle.order === undefined) return known;
  const given = new Set(shuffle.order.map((cardId) => layout.cardIndex.get(cardId)));
  const permutation = shuffle.order.length === expected.size && given.size === expected.size && [...given].every((card) => card !== undefined && expected.has(card));
  return permutation
    ? accepted
    : rejected('SHUFFLE_NOT_A_PERMUTATION', 'matchlog', `the order must list each card of ${layout.zones[source].key} exactly once (${expected.size} cards)`, 'data.order');
};

import { CounterChanged, EventOf, MatchEvent } from '../events/events';
import { evolve } from '../state/evolve';
import { zoneIndexOf } from '../state/layout';
import { MatchLayout, MatchState } from '../state/match-state';
import { standsFor } from './audience';
import { Observation, SeenCard, ZoneSeen } from './observation';
import { blindZonesOf, rehandle } from './rehandle';
import { observeMove, observeMoves } from './observe-moves';
import { Perception, firstPerception, knowing, learn, seen } from './perception';
import { canLookAt, forgets, indistinct, losesControlOfFaceDown, receivesDeckLists } from './visibility';

/** One audience's standpoint: the table as it is, and what this audience can follow of it. */
export interface Lens {
  readonly match: MatchState;
  readonly perception: Perception;
}

export interface Observed {
  readonly observation: Observation;
  readonly perception: Perception;
}

const assertNever = (value: never): never => value;

/**
 * What the lens's audience perceives of `event`: the single place that decides it. `after` is
 * `evolve(before.match, event)`, passed in when the caller already has it.
 */
export const observe = (before: Lens, event: MatchEvent, after: MatchState = evolve(before.match, event)): Observed => {
  const { perception } = before;
  const layout = after.layout;
  if (layout === null) return { observation: { type: 'Nothing' }, perception };
  if (event.type === 'MatchCreated') {
    if (before.match.layout !== null) return { observation: { type: 'Nothing' }, perception };
    const first = firstPerception(after, perception.audience);
    const zones = layout.zones.map((zone, z) => ({ zone: zone.ref, cards: after.zones[z].map((card) => seen(layout, first, after.cards[card], card)) }));
    const { game, players, tournament } = event.data;
    return { observation: { type: 'MatchStarted', game, players, ...(tournament && { tournament }), zones }, perception: first };
  }
  return observeEvent(before.match, after, layout, perception, event);
};

const observeEvent = (before: MatchState, after: MatchState, layout: MatchLayout, perception: Perception, event: Exclude<MatchEvent, EventOf<'MatchCreated'>>): Observed => {
  const quick = observeQuickly(before, after, layout, perception, event);
  if (quick !== undefined) return quick;
  const unchanged = (observation: Observation): Observed => ({ observation, perception });
  const cardOf = (cardId: string | undefined) => (cardId === undefined ? undefined : layout.cardIndex.get(cardId));
  /**
   * A card an observation refers to (a source, a target, a card others looked at): not named at all
   * when it lies where this audience can not look at it in an unordered zone, since that zone's owner
   * arranges it freely and naming it would say which card it is.
   */
  const referenceTo = (p: Perception, cardId: string) => {
    const card = cardOf(cardId);
    if (card === undefined) return undefined;
    const now = after.cards[card];
    if (indistinct(layout, now, p.audience)) return undefined;
    return seen(layout, p, now, card);
  };
  const seenAs = (p: Perception, cardId: string) => {
    const card = cardOf(cardId);
    return card === undefined ? undefined : seen(layout, p, after.cards[card], card);
  };
  /** The audience learns these cards; where they lie in a zone it can not look into, that zone gets new handles. */
  const learnSingledOut = (cards: readonly number[]) => rehandle(layout, after, learn(perception, cards), blindZonesOf(layout, after, cards, perception.audience));
  const withRehandled = (rehandled: readonly ZoneSeen[]) => (rehandled.length ? { rehandled } : {});
  const referencesTo = (p: Perception, cardIds: readonly string[]) => cardIds.map((cardId) => referenceTo(p, cardId)).filter((card) => card !== undefined);
  const unnamed = (cardIds: readonly string[], named: readonly SeenCard[]) => (named.length < cardIds.length ? { unnamed: cardIds.length - named.length } : {});
  const allKnown = (cardIds: readonly string[]) => cardIds.every((cardId) => cardOf(cardId) !== undefined);
  switch (event.type) {
    case 'CardsRevealed': {
      if (!allKnown(event.data.cardIds)) return unchanged({ type: 'Nothing' });
      const { to } = event.data;
      const learns = to === undefined || to.some((player) => standsFor(layout.playerIds, perception.audience, player));
      const { perception: next, rehandled } = learns ? learnSingledOut(event.data.cardIds.map((c) => cardOf(c)!)) : { perception, rehandled: [] };
      const cards = learns ? event.data.cardIds.map((cardId) => seenAs(next, cardId)!) : referencesTo(next, event.data.cardIds);
      return { observation: { type: 'CardsRevealed', cards, ...unnamed(event.data.cardIds, cards), ...(to && { to }), ...withRehandled(rehandled) }, perception: next };
    }
    case 'CardsLookedAt': {
      if (!allKnown(event.data.cardIds)) return unchanged({ type: 'Nothing' });
      const { player, source } = event.data;
      const looks = standsFor(layout.playerIds, perception.audience, player);
      const { perception: next, rehandled } = looks ? learnSingledOut(event.data.cardIds.map((c) => cardOf(c)!)) : { perception, rehandled: [] };
      const sourceSeen = source === undefined ? undefined : referenceTo(next, source);
      const cards = looks ? event.data.cardIds.map((cardId) => seenAs(next, cardId)!) : referencesTo(next, event.data.cardIds);
      return {
        observation: { type: 'CardsLookedAt', player, cards, ...unnamed(event.data.cardIds, cards), ...(sourceSeen && { source: sourceSeen }), ...withRehandled(rehandled) },
        perception: next,
      };
    }
    case 'CardStatusChanged':
    case 'ControlChanged': {
      const card = cardOf(event.data.cardId);
      if (card === undefined) return unchanged({ type: 'Nothing' });
      const now = after.cards[card];
      const still =
        canLookAt(layout, now, perception.audience) ||
        (perception.known[card] && !forgets(layout, now, before.cards[card]) && !losesControlOfFaceDown(layout, now, before.cards[card], perception.audience));
      const next = still === perception.known[card] ? perception : knowing(perception, card, still);
      const zone = layout.zones[now.zone].ref;
      const seenCard = seen(layout, next, now, card);
      return {
        observation:
          event.type === 'ControlChanged'
            ? { type: 'ControlChanged', zone, card: seenCard, controller: event.data.controller }
            : { type: 'CardStatusChanged', zone, card: seenCard },
        perception: next,
      };
    }
    case 'SearchPerformed': {
      const { player, zone, criteria, found } = event.data;
      const card = found === null ? undefined : cardOf(found);
      const searches = card !== undefined && standsFor(layout.playerIds, perception.audience, player);
      const { perception: next, rehandled } = searches ? learnSingledOut([card]) : { perception, rehandled: [] };
      const foundSeen = card === undefined ? null : searches ? seen(layout, next, after.cards[card], card) : (referenceTo(next, found!) ?? null);
      return {
        observation: { type: 'SearchPerformed', player, zone, ...(criteria !== undefined && { criteria }), found: foundSeen, ...withRehandled(rehandled) },
        perception: next,
      };
    }
    case 'TriggerAdded': {
      const { triggerId, player, sourceCardId, ability, kind = 'triggered', targets } = event.data;
      if (cardOf(sourceCardId) === undefined || (targets !== undefined && !allKnown(targets))) return unchanged({ type: 'Nothing' });
      const source = referenceTo(perception, sourceCardId);
      const targetsSeen = targets === undefined ? undefined : referencesTo(perception, targets);
      return unchanged({ type: 'TriggerAdded', triggerId, player, ...(source && { source }), ability, kind, ...(targetsSeen && { targets: targetsSeen }) });
    }
    case 'EffectStarted': {
      const { effectId, player, kind, sourceCardId } = event.data;
      const source = sourceCardId === undefined ? undefined : referenceTo(perception, sourceCardId);
      return unchanged({ type: 'EffectStarted', effectId, player, kind, ...(source && { source }) });
    }
    case 'CardMoved':
    case 'CardsMoved':
    case 'ZoneShuffled':
    case 'TurnStarted':
    case 'EffectResolved':
    case 'TriggerResolved':
    case 'TriggerRemoved':
    case 'PlayerLeft':
    case 'CounterChanged':
    case 'TimeCalled':
    case 'TimeExtended':
      // observed above already; listed so the switch stays exhaustive
      return observeQuickly(before, after, layout, perception, event)!;
    case 'MatchEnded': {
      // declassified now that the match is over: every shuffle's order and salt, to check the commitments
      const shuffles = !receivesDeckLists(layout, perception.audience)
        ? []
        : after.shuffles.map(({ revision, zone, cards, salt }) => ({
            revision,
            zone: layout.zones[zone].ref,
            order: cards.map((card) => after.cards[card].definition),
            ...(salt !== undefined && { salt }),
          }));
      return unchanged({
        type: 'MatchEnded',
        ...(event.data.winner !== undefined && { winner: event.data.winner }),
        ...(event.data.draw === true && { draw: true as const }),
        reason: event.data.reason,
        ...(shuffles.length > 0 && { shuffles }),
      });
    }
    default:
      return assertNever(event);
  }
};

/** The commonest events, which need none of the helpers the others share: undefined for the others. */
const observeQuickly = (before: MatchState, after: MatchState, layout: MatchLayout, perception: Perception, event: MatchEvent): Observed | undefined => {
  switch (event.type) {
    case 'CardMoved':
      return observeMove(before, after, layout, perception, event.data);
    case 'CardsMoved':
      return observeMoves(before, after, layout, perception, event.data.moves, false);
    case 'ZoneShuffled':
      return observeShuffle(before, after, layout, perception, event.data);
    case 'TurnStarted':
      return { observation: { type: 'TurnStarted', player: event.data.player, turn: event.data.turn }, perception };
    case 'CounterChanged':
      return { observation: observeCounter(before, after, layout, perception, event.data), perception };
    case 'TimeCalled':
      return { observation: { type: 'TimeCalled', turn: after.turn.number }, perception };
    case 'TimeExtended':
      return { observation: { type: 'TimeExtended', seconds: event.data.seconds, reason: event.data.reason }, perception };
    case 'EffectResolved':
      return { observation: { type: 'EffectResolved', effectId: event.data.effectId }, perception };
    case 'TriggerResolved':
      return { observation: { type: 'TriggerResolved', triggerId: event.data.triggerId, player: event.data.player }, perception };
    case 'TriggerRemoved':
      return { observation: { type: 'TriggerRemoved', triggerId: event.data.triggerId, reason: event.data.reason }, perception };
    case 'PlayerLeft':
      return { observation: { type: 'PlayerLeft', player: event.data.player }, perception };
    default:
      return undefined;
  }
};

/** Counters are public: every audience sees the new value, on the player or on the card as it sees that card. */
const observeCounter = (before: MatchState, after: MatchState, layout: MatchLayout, perception: Perception, change: CounterChanged): Observation => {
  const { counter, reason } = change;
  const common = { counter, ...(reason !== undefined && { reason }) };
  if (change.player !== undefined) {
    if (!layout.playerIds.includes(change.player)) return { type: 'Nothing' };
    const was = before.counters[change.player]?.[counter] ?? 0;
    const value = after.counters[change.player]?.[counter] ?? 0;
    return { type: 'CounterChanged', ...common, player: change.player, value, change: value - was };
  }
  const card = change.cardId === undefined ? undefined : layout.cardIndex.get(change.cardId);
  if (card === undefined) return { type: 'Nothing' };
  const now = after.cards[card];
  // counters sit only on cards in public zones (validate refuses others): anywhere else nothing is named
  if (layout.zones[now.zone].definition.visibility !== 'public') return { type: 'Nothing' };
  const value = now.counters[counter] ?? 0;
  const moved = value - (before.cards[card].counters[counter] ?? 0);
  return { type: 'CounterChanged', ...common, zone: layout.zones[now.zone].ref, card: seen(layout, perception, now, card), value, change: moved };
};

/** After a shuffle nobody can follow a card in the zone: every card gets a new handle, by position. */
const observeShuffle = (before: MatchState, after: MatchState, layout: MatchLayout, perception: Perception, shuffle: EventOf<'ZoneShuffled'>['data']): Observed => {
  const zone = zoneIndexOf(layout, shuffle.zone);
  if (zone === undefined) return { observation: { type: 'Nothing' }, perception };
  const handles = perception.handles.slice();
  const known = perception.known.slice();
  let next = perception.next;
  for (const card of after.zones[zone]) {
    handles[card] = next++;
    known[card] = canLookAt(layout, after.cards[card], perception.audience);
  }
  const renewed: Perception = { audience: perception.audience, handles, known, next };
  const cards = after.zones[zone].map((card) => seen(layout, renewed, after.cards[card], card));
  const refill = before.zones[zone].length === 0 ? layout.zones[zone].definition.refillFrom : undefined;
  // the commitment, never the salt: the salt stays judge-only until MatchEnded discloses it
  const { commitment } = shuffle;
  return {
    observation: {
      type: 'ZoneShuffled',
      zone: layout.zones[zone].ref,
      cards,
      ...(refill && after.zones[zone].length > 0 && { refilledFrom: { zone: refill } }),
      ...(typeof commitment === 'string' && { commitment }),
    },
    perception: renewed,
  };
};

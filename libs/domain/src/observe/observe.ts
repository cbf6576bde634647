import { CounterChanged, EventOf, MatchEvent } from '../events/events';
import { evolve } from '../state/evolve';
import { zoneIndexOf } from '../state/layout';
import { MatchLayout, MatchState } from '../state/match-state';
import { JUDGE, standsFor } from './audience';
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
  switch (event.type) {
    case 'CardsRevealed':
      return observeReveal(after, layout, perception, event.data);
    case 'CardsLookedAt':
      return observeLook(after, layout, perception, event.data);
    case 'CardStatusChanged':
    case 'ControlChanged':
      return observeCardChange(before, after, layout, perception, event);
    case 'SearchPerformed':
      return observeSearch(after, layout, perception, event.data);
    case 'TriggerAdded':
      return { observation: observeTrigger(after, layout, perception, event.data), perception };
    case 'EffectStarted': {
      const { effectId, player, kind, sourceCardId } = event.data;
      const observation: Mutable<Seen<'EffectStarted'>> = { type: 'EffectStarted', effectId, player, kind };
      const source = sourceCardId === undefined ? undefined : referenceTo(layout, after, perception, sourceCardId);
      if (source) observation.source = source;
      return { observation, perception };
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
    case 'MatchVoided':
      // the commonest events, which observeQuickly handles
      return observeQuickly(before, after, layout, perception, event)!;
    case 'MatchEnded':
      return { observation: observeEnd(after, layout, perception, event.data), perception };
    case 'JudgeCalled':
    case 'CallClaimed':
    case 'CallEscalated':
    case 'CallResolved':
    case 'RulingGiven':
    case 'JudgeNoted':
      return { observation: observeDesk(layout, perception.audience, event), perception };
    default:
      return assertNever(event);
  }
};

type Seen<T extends Observation['type']> = Extract<Observation, { type: T }>;
type Mutable<T> = { -readonly [K in keyof T]: T[K] };
const NOTHING: Observation = { type: 'Nothing' };

const cardOf = (layout: MatchLayout, cardId: string | undefined): number | undefined => (cardId === undefined ? undefined : layout.cardIndex.get(cardId));

const allKnown = (layout: MatchLayout, cardIds: readonly string[]): boolean => {
  for (const cardId of cardIds) if (!layout.cardIndex.has(cardId)) return false;
  return true;
};

const indicesOf = (layout: MatchLayout, cardIds: readonly string[]): number[] => cardIds.map((cardId) => layout.cardIndex.get(cardId)!);

/**
 * A card an observation refers to (a source, a target, a card others looked at): not named at all
 * when it lies where this audience can not look at it in an unordered zone, since that zone's owner
 * arranges it freely and naming it would say which card it is.
 */
const referenceTo = (layout: MatchLayout, after: MatchState, p: Perception, cardId: string): SeenCard | undefined => {
  const card = cardOf(layout, cardId);
  if (card === undefined) return undefined;
  const now = after.cards[card];
  if (indistinct(layout, now, p.audience)) return undefined;
  return seen(layout, p, now, card);
};

const referencesTo = (layout: MatchLayout, after: MatchState, p: Perception, cardIds: readonly string[]): SeenCard[] => {
  const named: SeenCard[] = [];
  for (const cardId of cardIds) {
    const card = referenceTo(layout, after, p, cardId);
    if (card !== undefined) named.push(card);
  }
  return named;
};

const seenAll = (layout: MatchLayout, after: MatchState, p: Perception, cards: readonly number[]): SeenCard[] => cards.map((card) => seen(layout, p, after.cards[card], card));

/** The audience learns these cards; where they lie in a zone it can not look into, that zone gets new handles. */
const learnSingledOut = (layout: MatchLayout, after: MatchState, perception: Perception, cards: readonly number[]): { perception: Perception; rehandled: ZoneSeen[] } =>
  rehandle(layout, after, learn(perception, cards), blindZonesOf(layout, after, cards, perception.audience));

const observeReveal = (after: MatchState, layout: MatchLayout, perception: Perception, data: EventOf<'CardsRevealed'>['data']): Observed => {
  const { cardIds, to } = data;
  if (!allKnown(layout, cardIds)) return { observation: NOTHING, perception };
  const learns = to === undefined || to.some((player) => standsFor(layout.playerIds, perception.audience, player));
  const indices = learns ? indicesOf(layout, cardIds) : [];
  const { perception: next, rehandled } = learns ? learnSingledOut(layout, after, perception, indices) : { perception, rehandled: [] };
  const cards = learns ? seenAll(layout, after, next, indices) : referencesTo(layout, after, next, cardIds);
  const observation: Mutable<Seen<'CardsRevealed'>> = { type: 'CardsRevealed', cards };
  if (cards.length < cardIds.length) observation.unnamed = cardIds.length - cards.length;
  if (to) observation.to = to;
  if (rehandled.length) observation.rehandled = rehandled;
  return { observation, perception: next };
};

const observeLook = (after: MatchState, layout: MatchLayout, perception: Perception, data: EventOf<'CardsLookedAt'>['data']): Observed => {
  const { cardIds, player, source } = data;
  if (!allKnown(layout, cardIds)) return { observation: NOTHING, perception };
  const looks = standsFor(layout.playerIds, perception.audience, player);
  const indices = looks ? indicesOf(layout, cardIds) : [];
  const { perception: next, rehandled } = looks ? learnSingledOut(layout, after, perception, indices) : { perception, rehandled: [] };
  const sourceSeen = source === undefined ? undefined : referenceTo(layout, after, next, source);
  const cards = looks ? seenAll(layout, after, next, indices) : referencesTo(layout, after, next, cardIds);
  const observation: Mutable<Seen<'CardsLookedAt'>> = { type: 'CardsLookedAt', player, cards };
  if (cards.length < cardIds.length) observation.unnamed = cardIds.length - cards.length;
  if (sourceSeen) observation.source = sourceSeen;
  if (rehandled.length) observation.rehandled = rehandled;
  return { observation, perception: next };
};

const observeCardChange = (
  before: MatchState,
  after: MatchState,
  layout: MatchLayout,
  perception: Perception,
  event: EventOf<'CardStatusChanged' | 'ControlChanged'>,
): Observed => {
  const card = cardOf(layout, event.data.cardId);
  if (card === undefined) return { observation: NOTHING, perception };
  const now = after.cards[card];
  const still =
    canLookAt(layout, now, perception.audience) ||
    (perception.known[card] && !forgets(layout, now, before.cards[card]) && !losesControlOfFaceDown(layout, now, before.cards[card], perception.audience));
  const next = still === perception.known[card] ? perception : knowing(perception, card, still);
  const zone = layout.zones[now.zone].ref;
  const seenCard = seen(layout, next, now, card);
  return {
    observation:
      event.type === 'ControlChanged' ? { type: 'ControlChanged', zone, card: seenCard, controller: event.data.controller } : { type: 'CardStatusChanged', zone, card: seenCard },
    perception: next,
  };
};

const observeSearch = (after: MatchState, layout: MatchLayout, perception: Perception, data: EventOf<'SearchPerformed'>['data']): Observed => {
  const { player, zone, criteria, found } = data;
  const card = found === null ? undefined : cardOf(layout, found);
  const searches = card !== undefined && standsFor(layout.playerIds, perception.audience, player);
  const { perception: next, rehandled } = searches ? learnSingledOut(layout, after, perception, [card]) : { perception, rehandled: [] };
  const foundSeen = card === undefined ? null : searches ? seen(layout, next, after.cards[card], card) : (referenceTo(layout, after, next, found!) ?? null);
  const observation: Mutable<Seen<'SearchPerformed'>> =
    criteria !== undefined ? { type: 'SearchPerformed', player, zone, criteria, found: foundSeen } : { type: 'SearchPerformed', player, zone, found: foundSeen };
  if (rehandled.length) observation.rehandled = rehandled;
  return { observation, perception: next };
};

const observeTrigger = (after: MatchState, layout: MatchLayout, perception: Perception, data: EventOf<'TriggerAdded'>['data']): Observation => {
  const { triggerId, player, sourceCardId, ability, kind = 'triggered', targets } = data;
  if (cardOf(layout, sourceCardId) === undefined || (targets !== undefined && !allKnown(layout, targets))) return NOTHING;
  const source = referenceTo(layout, after, perception, sourceCardId);
  const observation: Mutable<Seen<'TriggerAdded'>> = source
    ? { type: 'TriggerAdded', triggerId, player, source, ability, kind }
    : { type: 'TriggerAdded', triggerId, player, ability, kind };
  if (targets !== undefined) observation.targets = referencesTo(layout, after, perception, targets);
  return observation;
};

/** Declassified now that the match is over: every shuffle's order and salt, to check the commitments. */
const observeEnd = (after: MatchState, layout: MatchLayout, perception: Perception, data: EventOf<'MatchEnded'>['data']): Observation => {
  const shuffles = !receivesDeckLists(layout, perception.audience)
    ? []
    : after.shuffles.map(({ revision, zone, cards, salt }) => ({
        revision,
        zone: layout.zones[zone].ref,
        // an ordered shuffle names only identified cards (validate: SHUFFLE_OF_UNIDENTIFIED)
        order: cards.map((card) => after.cards[card].definition ?? ''),
        ...(salt !== undefined && { salt }),
      }));
  return {
    type: 'MatchEnded',
    ...(data.winner !== undefined && { winner: data.winner }),
    ...(data.draw === true && { draw: true as const }),
    reason: data.reason,
    ...(shuffles.length > 0 && { shuffles }),
  };
};

/**
 * The judge's desk (docs/guides/judging.md "Who sees what"). The judge reads everything. A player reads that a
 * judge was called, by whom and about which revision, and each status change, but the reason only
 * when it is their own call (it may name their hidden cards); a ruling as it is announced at the table
 * (infraction, penalty, remedy, time), never the judge's text or name. Spectators and the broadcast read
 * nothing of calls and rulings, which are a table's business and no part of the game; a note only once
 * published.
 */
const observeDesk = (
  layout: MatchLayout,
  audience: string,
  event: EventOf<'JudgeCalled' | 'CallClaimed' | 'CallEscalated' | 'CallResolved' | 'RulingGiven' | 'JudgeNoted'>,
): Observation => {
  const judge = audience === JUDGE;
  const player = layout.playerIds.includes(audience);
  switch (event.type) {
    case 'JudgeCalled': {
      const { callId, by, at, reason } = event.data;
      if (judge || audience === by) return { type: 'JudgeCalled', callId, by, at, reason };
      return player ? { type: 'JudgeCalled', callId, by, at } : NOTHING;
    }
    case 'CallClaimed':
      return judge || player ? { type: 'CallStatusChanged', callId: event.data.callId, status: 'claimed' } : NOTHING;
    case 'CallEscalated':
      return judge || player ? { type: 'CallStatusChanged', callId: event.data.callId, status: 'escalated' } : NOTHING;
    case 'CallResolved':
      return judge || player ? { type: 'CallStatusChanged', callId: event.data.callId, status: 'resolved' } : NOTHING;
    case 'RulingGiven': {
      if (!judge && !player) return NOTHING;
      const { rulingId, callId, player: penalized, infraction, category, penalty, remedy, seconds, source } = event.data;
      return {
        type: 'RulingGiven',
        rulingId,
        ...(callId !== undefined && { callId }),
        player: penalized,
        infraction,
        ...(category !== undefined && { category }),
        penalty,
        ...(remedy !== undefined && { remedy }),
        ...(seconds !== undefined && { seconds }),
        ...(source !== undefined && { source }),
      };
    }
    case 'JudgeNoted': {
      const { noteId, at, text, published } = event.data;
      return published || judge ? { type: 'JudgeNoted', noteId, at, text } : NOTHING;
    }
  }
};

/** The commonest events: undefined for the others. */
const observeQuickly = (before: MatchState, after: MatchState, layout: MatchLayout, perception: Perception, event: MatchEvent): Observed | undefined => {
  switch (event.type) {
    case 'CardMoved':
      return observeMove(before, after, layout, perception, event.data);
    case 'CardsMoved':
      return observeMoves(before, after, layout, perception, event.data.moves);
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
    case 'MatchVoided':
      return { observation: { type: 'MatchVoided', reason: event.data.reason }, perception };
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
  if (change.player !== undefined) {
    if (!layout.playerIds.includes(change.player)) return { type: 'Nothing' };
    const was = before.counters[change.player]?.[counter] ?? 0;
    const value = after.counters[change.player]?.[counter] ?? 0;
    const { player } = change;
    // literals in the order the audience has always received (reason, when there is one, after counter)
    return reason === undefined
      ? { type: 'CounterChanged', counter, player, value, change: value - was }
      : { type: 'CounterChanged', counter, reason, player, value, change: value - was };
  }
  const card = change.cardId === undefined ? undefined : layout.cardIndex.get(change.cardId);
  if (card === undefined) return { type: 'Nothing' };
  const now = after.cards[card];
  // counters sit only on cards in public zones (validate refuses others): anywhere else nothing is named
  if (layout.zones[now.zone].definition.visibility !== 'public') return { type: 'Nothing' };
  const value = now.counters[counter] ?? 0;
  const moved = value - (before.cards[card].counters[counter] ?? 0);
  const zone = layout.zones[now.zone].ref;
  const seenCard = seen(layout, perception, now, card);
  return reason === undefined
    ? { type: 'CounterChanged', counter, zone, card: seenCard, value, change: moved }
    : { type: 'CounterChanged', counter, reason, zone, card: seenCard, value, change: moved };
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

import { CounterChanged, EventOf, MatchEvent } from '../events/events';
import { NO_COUNTERS, counterAfter, withCounter } from './counters';
import { timeCalled, timeExtended, turnStartedAfterTime } from './time';
import { createMatch } from './create';
import { MatchLayout, MatchState } from './match-state';
import { moveCards } from './moves';
import { shuffleZone } from './shuffle';
import { zoneIndexOf } from './layout';
import { Pending, pendingAdded, pendingRemoved, pendingResolved, pendingNewTurn, pendingWithout } from '../queue/pending';
import { nextChooser } from '../queue/next-chooser';

const assertNever = (value: never): never => value;

/**
 * The omniscient fold: the state after `event`. Never throws; an event that names something that
 * does not exist changes nothing but the revision (`validate` refuses such events before an append).
 */
export const evolve = (state: MatchState, event: MatchEvent): MatchState => {
  const revision = state.revision + 1;
  try {
    if (event.type === 'MatchCreated') {
      return state.layout === null ? createMatch(event.data) : { ...state, revision };
    }
    if (state.layout === null) return { ...state, revision };
    return withRevision(apply(state, state.layout, event), revision);
  } catch {
    // only malformed data gets here, which validate refuses before any append
    return { ...state, revision };
  }
};

const apply = (state: MatchState, layout: MatchLayout, event: Exclude<MatchEvent, EventOf<'MatchCreated'>>): MatchState => {
  switch (event.type) {
    case 'CardMoved':
      return moveCards(state, layout, [event.data]);
    case 'CardsMoved':
      return moveCards(state, layout, event.data.moves);
    case 'ZoneShuffled': {
      const zone = zoneIndexOf(layout, event.data.zone);
      const shuffled = shuffleZone(state, layout, zone, event.data.order);
      if (zone === undefined) return shuffled;
      const { salt } = event.data;
      const record = { revision: state.revision + 1, zone, cards: shuffled.zones[zone], ...(typeof salt === 'string' && { salt }) };
      return { ...shuffled, shuffles: [...state.shuffles, record] };
    }
    case 'CardStatusChanged':
    case 'ControlChanged':
      return changeCard(state, layout, event);
    case 'TurnStarted':
      return { ...state, turn: { player: event.data.player, number: event.data.turn }, queue: pendingNewTurn(state.queue), time: turnStartedAfterTime(state.time) };
    case 'EffectStarted':
      return { ...state, effects: [...state.effects, { ...event.data }] };
    case 'EffectResolved':
      return { ...state, effects: state.effects.filter((effect) => effect.effectId !== event.data.effectId) };
    case 'TriggerAdded': {
      const { triggerId, player, sourceCardId, ability, kind = 'triggered' } = event.data;
      return { ...state, queue: pendingAdded(state.queue, { triggerId, player, sourceCardId, ability, kind }) };
    }
    case 'TriggerResolved':
      return { ...state, queue: pendingResolved(state.queue, event.data.triggerId, event.data.player, bagCheck(layout, state.turn.player)) };
    case 'TriggerRemoved':
      return { ...state, queue: pendingRemoved(state.queue, event.data.triggerId) };
    case 'PlayerLeft':
      return { ...state, departed: [...state.departed, event.data.player], queue: pendingWithout(state.queue, event.data.player) };
    case 'MatchEnded':
      return { ...state, ended: event.data };
    case 'CounterChanged':
      return changeCounter(state, layout, event.data);
    case 'TimeCalled':
      return { ...state, time: timeCalled(state.time, state.revision + 1, state.turn.number) };
    case 'TimeExtended':
      return { ...state, time: timeExtended(state.time, state.revision + 1, event.data.seconds, event.data.reason) };
    case 'CardsRevealed':
    case 'CardsLookedAt':
    case 'SearchPerformed':
      // knowledge, not table state: each audience's perception records it
      return state;
    default:
      return assertNever(event);
  }
};

const withRevision = (s: MatchState, revision: number): MatchState => ({
  revision,
  layout: s.layout,
  cards: s.cards,
  zones: s.zones,
  turn: s.turn,
  queue: s.queue,
  effects: s.effects,
  departed: s.departed,
  ended: s.ended,
  shuffles: s.shuffles,
  counters: s.counters,
  time: s.time,
});

const changeCounter = (state: MatchState, layout: MatchLayout, change: CounterChanged): MatchState => {
  if (change.player !== undefined) {
    if (!layout.playerIds.includes(change.player)) return state;
    const own = state.counters[change.player] ?? NO_COUNTERS;
    return { ...state, counters: { ...state.counters, [change.player]: withCounter(own, change.counter, counterAfter(own, change), false) } };
  }
  const index = change.cardId === undefined ? undefined : layout.cardIndex.get(change.cardId);
  if (index === undefined) return state;
  const cards = state.cards.slice();
  const card = cards[index];
  cards[index] = { ...card, counters: withCounter(card.counters, change.counter, counterAfter(card.counters, change), true) };
  return { ...state, cards };
};

const changeCard = (state: MatchState, layout: MatchLayout, event: EventOf<'CardStatusChanged' | 'ControlChanged'>): MatchState => {
  const index = layout.cardIndex.get(event.data.cardId);
  if (index === undefined) return state;
  const cards = state.cards.slice();
  const card = cards[index];
  if (event.type === 'ControlChanged') {
    cards[index] = { ...card, controller: event.data.controller };
  } else {
    const { exerted = card.exerted, damage = card.damage, faceDown = card.faceDown } = event.data;
    cards[index] = { ...card, exerted, damage, faceDown };
  }
  return { ...state, cards };
};

const bagCheck = (layout: MatchLayout, activePlayer: string | null) => (queue: Pending<{ readonly triggerId: string; readonly player: string }>) =>
  nextChooser(layout.ruleset.pending, layout.playerIds, activePlayer, queue.resolvingPlayer, queue.items);

export const foldMatch = (events: readonly MatchEvent[], from: MatchState): MatchState => {
  let state = from;
  for (const event of events) state = evolve(state, event);
  return state;
};

import { CounterChanged, EventOf, MatchEvent, Move } from '../events/events';
import { NO_COUNTERS, counterAfter, withCounter } from './counters';
import { timeCalled, timeExtended, turnStartedAfterTime } from './time';
import { createMatch } from './create';
import { CardState, MatchLayout, MatchState } from './match-state';
import { applyMove } from './moves';
import { shuffleZone } from './shuffle';
import { withDefinition } from './identity';
import { zoneIndexOf } from './layout';
import { deskCalled, deskClaimed, deskEscalated, deskNoted, deskResolved, deskRuled } from './desk';
import { Pending, pendingAdded, pendingRemoved, pendingResolved, pendingNewTurn, pendingWithout } from '../queue/pending';
import { nextChooser } from '../queue/next-chooser';

const assertNever = (value: never): never => value;

type Draft = { -readonly [K in keyof MatchState]: MatchState[K] };

/**
 * The omniscient fold: the state after `event`. Never throws; an event that names something that
 * does not exist changes nothing but the revision (`validate` refuses such events before an append).
 */
export const evolve = (state: MatchState, event: MatchEvent): MatchState => {
  const revision = state.revision + 1;
  try {
    if (event.type === 'MatchCreated') return state.layout === null ? createMatch(event.data) : withRevision(state, revision);
    if (state.layout === null) return withRevision(state, revision);
    // one literal with every field, which apply fills in: nobody holds it until evolve returns it
    const next = withRevision(state, revision);
    apply(next, state, state.layout, event);
    return next;
  } catch {
    // only malformed data gets here, which validate refuses before any append
    return withRevision(state, revision);
  }
};

const apply = (next: Draft, state: MatchState, layout: MatchLayout, event: Exclude<MatchEvent, EventOf<'MatchCreated'>>): void => {
  switch (event.type) {
    case 'CardMoved':
      return moveInto(next, state, layout, [event.data]);
    case 'CardsMoved':
      return moveInto(next, state, layout, event.data.moves);
    case 'ZoneShuffled': {
      const zone = zoneIndexOf(layout, event.data.zone);
      if (zone === undefined) return;
      const shuffled = shuffleZone(state, layout, zone, event.data.order);
      next.cards = shuffled.cards;
      next.zones = shuffled.zones;
      // a paper shuffle has no order to publish
      if (event.data.order === undefined) return;
      const { salt } = event.data;
      const record = { revision: next.revision, zone, cards: shuffled.zones[zone], ...(typeof salt === 'string' && { salt }) };
      next.shuffles = [...state.shuffles, record];
      return;
    }
    case 'CardStatusChanged':
    case 'ControlChanged':
      return changeCard(next, state, layout, event);
    case 'TurnStarted':
      next.turn = { player: event.data.player, number: event.data.turn };
      next.queue = pendingNewTurn(state.queue);
      next.time = turnStartedAfterTime(state.time);
      return;
    case 'EffectStarted':
      next.effects = [...state.effects, { ...event.data }];
      return;
    case 'EffectResolved':
      next.effects = state.effects.filter((effect) => effect.effectId !== event.data.effectId);
      return;
    case 'TriggerAdded': {
      const { triggerId, player, sourceCardId, ability, kind = 'triggered' } = event.data;
      next.queue = pendingAdded(state.queue, { triggerId, player, sourceCardId, ability, kind });
      return;
    }
    case 'TriggerResolved':
      next.queue = pendingResolved(state.queue, event.data.triggerId, event.data.player, bagCheck(layout, state.turn.player));
      return;
    case 'TriggerRemoved':
      next.queue = pendingRemoved(state.queue, event.data.triggerId);
      return;
    case 'PlayerLeft':
      next.departed = [...state.departed, event.data.player];
      next.queue = pendingWithout(state.queue, event.data.player);
      return;
    case 'MatchEnded':
      next.ended = event.data;
      return;
    case 'MatchVoided':
      next.voided = event.data;
      return;
    case 'CounterChanged':
      return changeCounter(next, state, layout, event.data);
    case 'TimeCalled':
      next.time = timeCalled(state.time, next.revision, state.turn.number);
      return;
    case 'TimeExtended':
      next.time = timeExtended(state.time, next.revision, event.data.seconds, event.data.reason);
      return;
    case 'JudgeCalled':
      next.desk = deskCalled(state.desk, next.revision, event.data);
      return;
    case 'CallClaimed':
      next.desk = deskClaimed(state.desk, event.data);
      return;
    case 'CallEscalated':
      next.desk = deskEscalated(state.desk, event.data);
      return;
    case 'CallResolved':
      next.desk = deskResolved(state.desk, event.data);
      return;
    case 'RulingGiven':
      next.desk = deskRuled(state.desk, next.revision, event.data);
      return;
    case 'JudgeNoted':
      next.desk = deskNoted(state.desk, next.revision, event.data);
      return;
    case 'CardsRevealed':
      if (event.data.definitions !== undefined) next.cards = namedCards(state, layout, event.data.cardIds, event.data.definitions);
      return;
    case 'CardsLookedAt':
    case 'SearchPerformed':
      // knowledge, not table state: each audience's perception records it
      return;
    default:
      return void assertNever(event);
  }
};

/** A reveal's names given to the cards it shows (a paper match): each card id with the definition at its index. */
const namedCards = (state: MatchState, layout: MatchLayout, cardIds: readonly string[], definitions: readonly string[]): readonly CardState[] => {
  const cards = state.cards.slice();
  cardIds.forEach((cardId, i) => {
    const index = layout.cardIndex.get(cardId);
    if (index !== undefined && typeof definitions[i] === 'string') cards[index] = withDefinition(cards[index], definitions[i]);
  });
  return cards;
};

const withRevision = (s: MatchState, revision: number): Draft => ({
  revision,
  layout: s.layout,
  cards: s.cards,
  zones: s.zones,
  turn: s.turn,
  queue: s.queue,
  effects: s.effects,
  departed: s.departed,
  ended: s.ended,
  voided: s.voided,
  shuffles: s.shuffles,
  counters: s.counters,
  time: s.time,
  desk: s.desk,
});

const moveInto = (next: Draft, state: MatchState, layout: MatchLayout, moves: readonly Move[]): void => {
  const cards = state.cards.slice();
  const zones = state.zones.slice();
  for (const move of moves) applyMove(layout, cards, zones, move);
  next.cards = cards;
  next.zones = zones;
};

const changeCounter = (next: Draft, state: MatchState, layout: MatchLayout, change: CounterChanged): void => {
  if (change.player !== undefined) {
    if (!layout.playerIds.includes(change.player)) return;
    const own = state.counters[change.player] ?? NO_COUNTERS;
    next.counters = { ...state.counters, [change.player]: withCounter(own, change.counter, counterAfter(own, change), false) };
    return;
  }
  const index = change.cardId === undefined ? undefined : layout.cardIndex.get(change.cardId);
  if (index === undefined) return;
  const cards = state.cards.slice();
  const card = cards[index];
  cards[index] = { ...card, counters: withCounter(card.counters, change.counter, counterAfter(card.counters, change), true) };
  next.cards = cards;
};

const changeCard = (next: Draft, state: MatchState, layout: MatchLayout, event: EventOf<'CardStatusChanged' | 'ControlChanged'>): void => {
  const index = layout.cardIndex.get(event.data.cardId);
  if (index === undefined) return;
  const cards = state.cards.slice();
  const card = cards[index];
  if (event.type === 'ControlChanged') {
    cards[index] = withStatus(card, event.data.controller, card.faceDown, card.exerted, card.damage);
  } else {
    const { exerted = card.exerted, damage = card.damage, faceDown = card.faceDown } = event.data;
    cards[index] = withStatus(card, card.controller, faceDown, exerted, damage);
  }
  next.cards = cards;
};

/** The card with new status: a literal of every field in CardState's order, as landedCard makes them. */
const withStatus = (card: CardState, controller: string | null, faceDown: boolean, exerted: boolean, damage: number): CardState => ({
  cardId: card.cardId,
  owner: card.owner,
  controller,
  definition: card.definition,
  zone: card.zone,
  faceDown,
  exerted,
  damage,
  counters: card.counters,
  object: card.object,
});

const bagCheck = (layout: MatchLayout, activePlayer: string | null) => (queue: Pending<{ readonly triggerId: string; readonly player: string }>) =>
  nextChooser(layout.ruleset.pending, layout.playerIds, activePlayer, queue.resolvingPlayer, queue.items);

export const foldMatch = (events: readonly MatchEvent[], from: MatchState): MatchState => {
  let state = from;
  for (const event of events) state = evolve(state, event);
  return state;
};

import { EventOf, MatchEvent, deskEventTypes, eventTypes } from '../events/events';
import { checkDesk } from './check-desk';
import { evolve } from '../state/evolve';
import { MatchLayout, MatchState } from '../state/match-state';
import { DomainError, Verdict, accepted, rejected } from './domain-error';
import { checkCreated } from './check-created';
import { shapeProblem } from './shape';
import { checkCardIn, checkMoves, checkShuffle } from './check-moves';
import { checkCounter, checkTimeCalled } from './check-counter';
import { checkRevealNames } from './check-identity';
import { checkCard, checkCardIds, checkEffect, checkPlayer, checkTrigger, checkZone } from './check-refs';

/**
 * Refuses only what cannot be: unknown cards, players, zones or triggers, a card that is not where
 * the event says, a hand below zero, a non-triggered ability in the bag. Legal but suspicious play
 * is recorded; the audit flags it.
 */
export const validate = (state: MatchState, event: MatchEvent): Verdict => {
  const shape = checkShape(event);
  if (!shape.ok) return shape;
  if (event.type === 'MatchCreated') {
    return state.layout === null ? checkCreated(event.data) : rejected('MATCH_ALREADY_CREATED', 'matchlog', 'the match already exists', 'type');
  }
  if (state.layout === null) {
    return rejected('MATCH_NOT_CREATED', 'matchlog', 'the first event of a match must be MatchCreated', 'type');
  }
  if (state.voided !== null) {
    return event.type === 'MatchVoided'
      ? rejected('MATCH_ALREADY_VOIDED', 'matchlog', 'the match is already void; the log keeps the first MatchVoided and its reason', 'type')
      : rejected('MATCH_VOIDED', 'matchlog', 'the match is void; nothing more can happen in it (record the game again as a new match)', 'type');
  }
  // a match is voided during it or after it ended (recorded twice, at the wrong table)
  if (event.type === 'MatchVoided') return accepted;
  // a call, a ruling or a note can come after the game
  if (state.ended !== null && !deskEventTypes.includes(event.type)) {
    return rejected('MATCH_ENDED', 'matchlog', 'the match has ended; nothing more can happen in it', 'type');
  }
  return checkEvent(state, state.layout, event);
};

/** The event's type and the shape of its data, against the vocabulary (events/vocabulary.ts): nothing about the match. */
export const checkShape = (event: MatchEvent): Verdict => {
  if (typeof event !== 'object' || event === null || !eventTypes.includes(event.type)) {
    return rejected('UNKNOWN_EVENT_TYPE', 'matchlog', `unknown event type "${String(event?.type)}"`, 'type');
  }
  const problem = shapeProblem(event.type, event.data);
  return problem === null ? accepted : rejected('MALFORMED_EVENT', 'matchlog', problem.message, problem.path);
};

const checkEvent = (state: MatchState, layout: MatchLayout, event: Exclude<MatchEvent, EventOf<'MatchCreated'>>): Verdict => {
  switch (event.type) {
    case 'CardMoved':
      return checkMoves(state, layout, [event.data], 'data', event.data.corrects);
    case 'CardsMoved':
      return checkMoves(state, layout, event.data.moves, 'data.moves', event.data.corrects);
    case 'ZoneShuffled':
      return checkShuffle(state, layout, event.data);
    case 'CardsRevealed':
      return first(
        checkCardIds(layout, event.data.cardIds, 'data.cardIds'),
        ...(event.data.to ?? []).map((p, i) => checkPlayer(layout, p, `data.to[${i}]`)),
        checkRevealNames(state, layout, event.data),
      );
    case 'CardsLookedAt':
      return first(
        checkPlayer(layout, event.data.player, 'data.player'),
        checkCardIds(layout, event.data.cardIds, 'data.cardIds'),
        optionalCard(layout, event.data.source, 'data.source'),
      );
    case 'CardStatusChanged':
      return checkCard(layout, event.data.cardId, 'data.cardId');
    case 'ControlChanged':
      return first(checkCard(layout, event.data.cardId, 'data.cardId'), checkPlayer(layout, event.data.controller, 'data.controller'));
    case 'TurnStarted':
    case 'PlayerLeft':
      return checkPlayer(layout, event.data.player, 'data.player');
    case 'EffectStarted':
      return first(
        checkPlayer(layout, event.data.player, 'data.player'),
        checkEffect(state, event.data.effectId, false),
        optionalCard(layout, event.data.sourceCardId, 'data.sourceCardId'),
      );
    case 'EffectResolved':
      return checkEffect(state, event.data.effectId, true);
    case 'TriggerAdded':
      return checkTrigger(state, layout, event.data);
    case 'TriggerResolved':
      return first(checkPlayer(layout, event.data.player, 'data.player'), knownTrigger(state, event.data.triggerId));
    case 'TriggerRemoved':
      return knownTrigger(state, event.data.triggerId);
    case 'SearchPerformed':
      return first(
        checkPlayer(layout, event.data.player, 'data.player'),
        checkZone(layout, event.data.zone, 'data.zone'),
        event.data.found === null ? accepted : checkCardIn(state, layout, event.data.found, event.data.zone, 'data.found'),
      );
    case 'MatchEnded':
      if (event.data.draw === true && event.data.winner !== undefined)
        return rejected('MALFORMED_EVENT', 'matchlog', 'a drawn game has no winner: give draw or winner', 'data.draw');
      return event.data.winner === undefined ? accepted : checkPlayer(layout, event.data.winner, 'data.winner');
    case 'CounterChanged':
      return checkCounter(state, layout, event.data);
    case 'TimeCalled':
      return checkTimeCalled(state);
    case 'TimeExtended':
    case 'MatchVoided':
      return accepted;
    case 'JudgeCalled':
    case 'CallClaimed':
    case 'CallEscalated':
    case 'CallResolved':
    case 'RulingGiven':
    case 'JudgeNoted':
      return checkDesk(state, layout, event);
  }
};

const first = (...verdicts: Verdict[]): Verdict => verdicts.find((verdict) => !verdict.ok) ?? accepted;

const optionalCard = (layout: MatchLayout, cardId: string | undefined, path: string): Verdict => (cardId === undefined ? accepted : checkCard(layout, cardId, path));

const knownTrigger = (state: MatchState, triggerId: string): Verdict =>
  state.queue.items.some((item) => item.triggerId === triggerId) ? accepted : rejected('UNKNOWN_TRIGGER', 'matchlog', `no pending ability "${triggerId}"`, 'data.triggerId');

export type BatchVerdict = { readonly ok: true; readonly state: MatchState } | { readonly ok: false; readonly error: DomainError };

/** Validates a batch against the state each earlier event of the batch leaves: all or nothing. */
export const validateBatch = (state: MatchState, events: readonly MatchEvent[]): BatchVerdict => {
  let current = state;
  for (let eventIndex = 0; eventIndex < events.length; eventIndex++) {
    const verdict = validate(current, events[eventIndex]);
    if (!verdict.ok) return { ok: false, error: { ...verdict.error, eventIndex } };
    current = evolve(current, events[eventIndex]);
  }
  return { ok: true, state: current };
};

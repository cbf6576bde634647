import { CounterChanged } from '../events/events';
import { counterDefinition } from '../state/counters';
import { MatchLayout, MatchState } from '../state/match-state';
import { Verdict, accepted, rejected } from './domain-error';
import { checkCard, checkPlayer } from './check-refs';

const declared = (layout: MatchLayout): string => {
  const { counters } = layout.ruleset;
  if (counters.length === 0) return `${layout.ruleset.game} keeps no counters`;
  return `${layout.ruleset.game} keeps ${counters.map((c) => `${c.name === '*' ? 'any counter' : c.name} on a ${c.on}`).join(', ')}`;
};

/** A counter the ruleset declares, where it declares it (rules/ruleset.ts CounterDefinition), never below 0. */
export const checkCounter = (state: MatchState, layout: MatchLayout, change: CounterChanged): Verdict => {
  const on = change.player !== undefined ? 'player' : 'card';
  const definition = counterDefinition(layout.ruleset, change.counter, on);
  if (definition === undefined) return rejected('UNKNOWN_COUNTER', 'matchlog', `no counter "${change.counter}" on a ${on}: ${declared(layout)}`, 'data.counter');
  if (change.player !== undefined) {
    const player = checkPlayer(layout, change.player, 'data.player');
    return player.ok ? belowZero(state.counters[change.player]?.[change.counter] ?? 0, change, definition.rule) : player;
  }
  const card = checkCard(layout, change.cardId!, 'data.cardId');
  if (!card.ok) return card;
  const now = state.cards[layout.cardIndex.get(change.cardId!)!];
  const zone = layout.zones[now.zone];
  if (!(definition.zones ?? []).includes(zone.definition.name)) {
    return rejected(
      'COUNTER_NOT_ALLOWED_HERE',
      definition.rule,
      `card "${change.cardId}" is in ${zone.key}, where ${layout.ruleset.game} allows no counter: only in ${(definition.zones ?? []).join(', ')}`,
      'data.cardId',
    );
  }
  return belowZero(now.counters[change.counter] ?? 0, change, definition.rule);
};

const belowZero = (value: number, change: CounterChanged, rule: string): Verdict =>
  change.by === undefined || value + change.by >= 0
    ? accepted
    : rejected('COUNTER_BELOW_ZERO', rule, `${change.counter} is ${value}: a change of ${change.by} would take it below 0`, 'data.by');

export const checkTimeCalled = (state: MatchState): Verdict =>
  state.time.called === null ? accepted : rejected('TIME_ALREADY_CALLED', 'matchlog', `time was already called, at revision ${state.time.called.revision}`, 'type');

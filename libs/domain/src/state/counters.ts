import { CounterChanged } from '../events/events';
import { CounterDefinition, Ruleset } from '../rules/ruleset';

export type Counters = Readonly<Record<string, number>>;
/** Counters per player id, e.g. { p1: { lore: 7 } }. */
export type PlayerCounters = Readonly<Record<string, Counters>>;

/** Every card without counters shares this object, so the fold allocates nothing for them. */
export const NO_COUNTERS: Counters = Object.freeze({});

/** The ruleset's declaration of this counter where the event puts it, or undefined when it declares none. */
export const counterDefinition = (ruleset: Ruleset, counter: string, on: CounterDefinition['on']): CounterDefinition | undefined =>
  ruleset.counters.find((definition) => definition.on === on && (definition.name === counter || definition.name === '*'));

/** Each player's declared counters at 0, as the match starts. */
export const startingCounters = (ruleset: Ruleset, players: readonly string[]): PlayerCounters => {
  const named = ruleset.counters.filter((definition) => definition.on === 'player' && definition.name !== '*');
  if (named.length === 0) return {};
  return Object.fromEntries(players.map((player) => [player, Object.fromEntries(named.map((definition) => [definition.name, 0]))]));
};

/** The counter's value after the change; never below 0 (validate refuses a change that would go there). */
export const counterAfter = (counters: Counters, change: CounterChanged): number => Math.max(0, change.to ?? (counters[change.counter] ?? 0) + (change.by ?? 0));

/** The counters with one value set; a card's counter at 0 is no counter at all. */
export const withCounter = (counters: Counters, counter: string, value: number, dropZero: boolean): Counters => {
  if (value === 0 && dropZero) {
    if (!(counter in counters)) return counters;
    const { [counter]: _dropped, ...rest } = counters;
    return Object.keys(rest).length === 0 ? NO_COUNTERS : rest;
  }
  return { ...counters, [counter]: value };
};

import type { View } from '@matchlog/client';
import { h } from './dom';
import { t } from './i18n';
import { counterName } from './sentence';

/**
 * What a counter on a player is played to, where a document says so: Lorcana's 20 lore (the ruleset's
 * tournament practice, "Disney Lorcana Tournament Rules", libs/domain/src/rules/lorcana.ts). None elsewhere.
 */
const GOALS: Record<string, Record<string, number>> = { lorcana: { lore: 20 } };

/** One player's counters (Lorcana lore), large enough to read from across a stream; a meter where the game has a goal. */
export const renderScore = (view: View, player: string) => {
  const counters = Object.entries(view.counters[player] ?? {});
  if (counters.length === 0) return null;
  return h(
    'dl',
    { class: 'score', 'data-player': player },
    counters.map(([counter, value]) => {
      const goal = view.game ? GOALS[view.game]?.[counter] : undefined;
      const meter = goal === undefined ? null : h('meter', { min: 0, max: goal, value, 'aria-label': t('score.meter', { counter: counterName(counter), value, goal }) });
      return h(
        'div',
        { class: 'counter', 'data-counter': counter, 'data-value': value },
        h('dt', {}, counterName(counter)),
        h('dd', {}, h('span', { class: 'value' }, value), goal === undefined ? null : h('span', { class: 'goal' }, `/${goal}`), meter),
      );
    }),
  );
};

import type { View } from '@matchlog/client';
import { counterName } from '../../sentence';
import { ScoreLine } from '../score-line';

/** Lorcana: each counter of the player (lore), lore played to 20 ("Disney Lorcana Tournament Rules", libs/domain/src/rules/lorcana.ts). */
export const lorcanaScore = (view: View, player: string): ScoreLine[] =>
  Object.entries(view.counters[player] ?? {}).map(([key, value]) => ({ key, label: counterName(key), value, ...(key === 'lore' && { goal: 20 }) }));

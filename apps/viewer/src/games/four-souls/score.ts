import type { View } from '@matchlog/client';
import { t } from '../../i18n';
import { counterName } from '../../sentence';
import { ScoreLine, cardsOf } from '../score-line';

/**
 * Four Souls: souls, played to four ("the first player to control four souls is the winner", foursouls.com rules
 * overview; the ruleset's winsAt), cents, and the character's HP left (printed HP less its damage).
 */
export const fourSoulsScore = (view: View, player: string): ScoreLine[] => {
  const counters = view.counters[player] ?? {};
  const play = cardsOf(view, 'play', player);
  const character = play.find((card) => /character/i.test(card.printed?.type ?? '')) ?? play[0];
  const hp = character?.printed?.hp;
  return [
    { key: 'souls', label: counterName('souls'), value: counters.souls ?? 0, goal: 4 },
    { key: 'cents', label: counterName('cents'), value: counters.cents ?? 0 },
    ...(hp === undefined ? [] : [{ key: 'hp', label: t('score.hp'), value: Math.max(0, hp - (character.damage ?? 0)), of: hp }]),
  ];
};

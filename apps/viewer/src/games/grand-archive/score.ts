import type { View } from '@matchlog/client';
import { t } from '../../i18n';
import { ScoreLine, SeenCard, cardsOf } from '../score-line';

const isChampion = (card: SeenCard): boolean => /champion/i.test(card.printed?.type ?? '');

/** The player's champion on the field: the highest level, the latest of its lineage (record/games/grand-archive.ts). */
export const championIn = (view: View, player: string): SeenCard | undefined =>
  cardsOf(view, 'field', player)
    .filter(isChampion)
    .reduce<SeenCard | undefined>((best, card) => (best === undefined || (card.printed?.level ?? 0) >= (best.printed?.level ?? 0) ? card : best), undefined);

/**
 * Grand Archive: the champion's life left (printed life less its damage; it dies at 0, "Ending the Game",
 * docs/guides/recording.md) and its level. Nothing before a champion is on the field.
 */
export const grandArchiveScore = (view: View, player: string): ScoreLine[] => {
  const champion = championIn(view, player);
  const life = champion?.printed?.life;
  if (champion === undefined || life === undefined) return [];
  return [
    { key: 'life', label: t('score.life'), value: Math.max(0, life - (champion.damage ?? 0)), of: life },
    { key: 'level', label: t('score.level'), value: champion.printed?.level ?? 0 },
  ];
};

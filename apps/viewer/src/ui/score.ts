import type { View } from '@matchlog/client';
import { h } from '../dom';
import { t } from '../i18n';
import { fourSoulsScore } from '../games/four-souls/score';
import { grandArchiveScore } from '../games/grand-archive/score';
import { lorcanaScore } from '../games/lorcana/score';
import { ScoreLine } from '../games/score-line';

/** Each game's score (apps/viewer/src/games/<game>/score.ts); a game not known here shows its player counters. */
const SCORES: Record<string, (view: View, player: string) => ScoreLine[]> = {
  lorcana: lorcanaScore,
  'grand-archive': grandArchiveScore,
  'four-souls': fourSoulsScore,
};

/** One player's score, large enough to read from across a stream; a meter where the game has a goal or a printed top. */
export const renderScore = (view: View, player: string) => {
  const lines = (SCORES[view.game ?? ''] ?? lorcanaScore)(view, player);
  if (lines.length === 0) return null;
  return h(
    'dl',
    { class: 'score', 'data-player': player },
    lines.map(({ key, label, value, goal, of }) => {
      const top = goal ?? of;
      const meter = top === undefined ? null : h('meter', { min: 0, max: top, value, 'aria-label': t('score.meter', { counter: label, value, goal: top }) });
      return h(
        'div',
        { class: 'counter', 'data-counter': key, 'data-value': value },
        h('dt', {}, label),
        h('dd', {}, h('span', { class: 'value' }, value), top === undefined ? null : h('span', { class: 'goal' }, `/${top}`), meter),
      );
    }),
  );
};

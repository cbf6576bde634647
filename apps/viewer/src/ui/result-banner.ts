import type { View } from '@matchlog/client';
import { h } from '../dom';
import { t } from '../i18n';

/** At MatchEnded: who won, or the draw, and why. */
export const renderResult = (ended: View['ended'], nameOf: (player: string) => string) => {
  if (ended === null) return null;
  const { winner, draw, reason } = ended as { winner?: string; draw?: boolean; reason: string };
  const headline = winner !== undefined ? t('banner.wins', { player: nameOf(winner) }) : draw ? t('banner.draw') : t('banner.over');
  return h(
    'section',
    { class: `result-banner${draw ? ' draw' : ''}`, role: 'status', 'data-winner': winner ?? '', 'data-draw': draw ? 'true' : 'false' },
    h('strong', { class: 'headline' }, headline),
    h('span', { class: 'reason' }, reason),
  );
};

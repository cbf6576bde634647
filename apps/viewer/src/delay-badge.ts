import type { MatchDetail } from '@matchlog/client';
import { h } from './dom';
import { t } from './i18n';

/** "Delayed 5 min": how far the broadcast runs behind the match, as the match was created with it. */
export const delayBadge = (delay: MatchDetail['broadcastDelay']) => {
  if (delay === undefined) return null;
  const text =
    delay.seconds !== undefined && delay.seconds > 0
      ? t('board.delayed', { minutes: Math.ceil(delay.seconds / 60) })
      : delay.events !== undefined && delay.events > 0
        ? t('board.delayedEvents', { events: delay.events })
        : null;
  return text && h('span', { class: 'delay-badge', 'data-seconds': delay.seconds ?? 0, 'data-events': delay.events ?? 0 }, text);
};

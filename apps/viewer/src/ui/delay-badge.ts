import type { MatchDetail } from '@matchlog/client';
import { h } from '../dom';
import { t } from '../i18n';

/** A number of seconds as set: "30 s", "5 min", "1 min 30 s", never rounded to a minute it is not. */
export const delaySpan = (seconds: number): string => {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return t('board.seconds', { seconds });
  return rest === 0 ? t('board.minutes', { minutes }) : t('board.minutesSeconds', { minutes, seconds: rest });
};

/** How far behind, as set: "30 s", "5 events · 30 s"; null without a delay. */
export const delayAmount = (delay: MatchDetail['broadcastDelay']): string | null => {
  const seconds = delay?.seconds ?? 0;
  const events = delay?.events ?? 0;
  const parts = [events > 0 ? t('board.events', { events }) : null, seconds > 0 ? delaySpan(seconds) : null].filter((part): part is string => part !== null);
  return parts.length === 0 ? null : parts.join(' · ');
};

/** How far the broadcast runs behind the match, as the match was created with it: "Delayed 30 s", "Delayed 5 events · 30 s"; null without a delay. */
export const delayText = (delay: MatchDetail['broadcastDelay']): string | null => {
  const amount = delayAmount(delay);
  return amount === null ? null : t('board.delayed', { delay: amount });
};

/** "Delayed 30 s": the badge, as the match set its delay. */
export const delayBadge = (delay: MatchDetail['broadcastDelay']) => {
  const text = delayText(delay);
  return text && h('span', { class: 'delay-badge', 'data-seconds': delay?.seconds ?? 0, 'data-events': delay?.events ?? 0 }, text);
};

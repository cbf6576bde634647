import type { View } from '@matchlog/client';
import { h } from '../dom';
import { t } from '../i18n';

/** Once the organizer voided the match (MatchVoided): it counts for nothing, and why. */
export const renderVoided = (voided: View['voided']) =>
  voided === null
    ? null
    : h(
        'section',
        { class: 'void-banner', role: 'status', 'data-voided': 'true' },
        h('strong', { class: 'headline' }, t('void.headline')),
        h('span', { class: 'reason' }, t('void.reason', { reason: voided.reason })),
      );

import type { components } from '@matchlog/client';
import { h } from '../dom';
import { MessageKey, t } from '../i18n';

type Seen = components['schemas']['DeskSeen'];

/**
 * What a player's page knows of the judge's desk at the revision shown: each call and where it stands, each ruling's
 * penalty and extension. The free texts (a reason, an infraction, a remedy) are in the log, at their revision.
 */
export const renderDeskSeen = (desk: Seen | undefined, nameOf: (player: string) => string) => {
  if (desk === undefined || (desk.calls.length === 0 && desk.rulings.length === 0)) return null;
  return h(
    'section',
    { class: 'desk-seen', 'aria-labelledby': 'desk-seen-title' },
    h('h2', { id: 'desk-seen-title' }, t('deskSeen.title')),
    h(
      'ul',
      {},
      desk.calls.map((call) =>
        h(
          'li',
          { class: 'call-seen', 'data-status': call.status },
          t('deskSeen.call', { who: call.by === 'recorder' ? t('desk.byRecorder') : nameOf(call.by), at: call.at, status: t(`desk.status.${call.status}` as MessageKey) }),
        ),
      ),
      desk.rulings.map((ruling) =>
        h(
          'li',
          { class: 'ruling-seen' },
          t('deskSeen.ruling', { player: nameOf(ruling.player), penalty: ruling.penalty }),
          ruling.seconds ? ` ${t('deskSeen.seconds', { seconds: ruling.seconds })}` : '',
        ),
      ),
    ),
  );
};

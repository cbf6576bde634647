import type { components } from '@matchlog/client';
import { h } from './dom';
import { MessageKey, t } from './i18n';

type Seen = components['schemas']['DeskSeen'];

/**
 * What a player's page knows of the judge's desk at the revision shown: each call (the reason only on the caller's
 * own page) and where it stands, and each ruling as it was announced at the table.
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
          call.reason ? h('q', {}, call.reason) : null,
        ),
      ),
      desk.rulings.map((ruling) =>
        h(
          'li',
          { class: 'ruling-seen' },
          t('deskSeen.ruling', { player: nameOf(ruling.player), infraction: ruling.infraction, penalty: ruling.penalty }),
          ruling.remedy ? ` ${t('deskSeen.remedy', { remedy: ruling.remedy })}` : '',
          ruling.seconds ? ` ${t('deskSeen.seconds', { seconds: ruling.seconds })}` : '',
        ),
      ),
    ),
  );
};

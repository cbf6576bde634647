import type { components } from '@matchlog/client';
import { h } from '../dom';
import { t } from '../i18n';

type Desk = components['schemas']['DeskState'];

/** The match's judge notes and rulings, each at its revision (a button goes there): "keyframes with comments". */
export const renderDeskRecord = (desk: Desk | undefined, current: number, go: (revision: number) => void, nameOf: (player: string) => string) => {
  const notes = desk?.notes ?? [];
  const rulings = desk?.rulings ?? [];
  return h(
    'section',
    { class: 'desk-record', 'aria-labelledby': 'desk-record-title' },
    h('h2', { id: 'desk-record-title' }, t('deskRecord.title')),
    notes.length + rulings.length === 0
      ? h('p', {}, t('deskRecord.none'))
      : h(
          'ol',
          {},
          notes.map((note) =>
            h(
              'li',
              { class: `desk-note${note.at === current ? ' here' : ''}`, 'data-at': note.at },
              h('button', { type: 'button', onclick: () => go(note.at), 'aria-label': t('findings.goTo', { revision: note.at }) }, `#${note.at}`),
              ' ',
              note.text,
              ' ',
              h('span', { class: 'hint' }, note.published ? t('deskRecord.published') : t('deskRecord.judgesOnly')),
            ),
          ),
          rulings.map((ruling) =>
            h(
              'li',
              { class: 'desk-ruling', 'data-revision': ruling.revision },
              h('button', { type: 'button', onclick: () => go(ruling.revision), 'aria-label': t('findings.goTo', { revision: ruling.revision }) }, `#${ruling.revision}`),
              ' ',
              t('deskRecord.ruling', { player: nameOf(ruling.player), infraction: ruling.infraction, penalty: ruling.penalty, judge: ruling.judge }),
              ruling.seconds ? ` (+${ruling.seconds} s)` : '',
            ),
          ),
        ),
  );
};

import type { View } from '@matchlog/client';
import { h } from '../dom';
import { t } from '../i18n';

type Queue = NonNullable<View['queue']>;
type Source = Queue['items'][number]['source'];

const sourceName = (source: Source) => (source === undefined ? '' : (source.definition ?? ('handle' in source ? t('queue.card', { handle: source.handle }) : source.cardId)));

/** The bag (Lorcana 7.7) or the stack (Four Souls, Grand Archive): what waits, what resolves, and who chooses next. */
export const renderQueue = (queue: View['queue'], nameOf: (player: string) => string) => {
  if (queue === null) return null;
  const title = queue.discipline === 'bag' ? t('queue.bag') : t('queue.stack');
  return h(
    'section',
    { class: 'queue', 'data-discipline': queue.discipline, 'aria-label': title },
    h('h2', {}, title),
    h(
      'p',
      { class: 'next-chooser', 'data-next-chooser': queue.nextChooser ?? '' },
      queue.nextChooser === null ? t('queue.nobody') : t('queue.next', { player: nameOf(queue.nextChooser) }),
    ),
    queue.waitingForAction ? h('p', { class: 'waiting' }, t('queue.waitingForEffect')) : null,
    queue.resolving.length > 0
      ? h(
          'ul',
          { class: 'resolving', 'aria-label': t('queue.resolvingLabel') },
          queue.resolving.map((effect) =>
            h(
              'li',
              {},
              t('queue.resolving', {
                player: nameOf(effect.player),
                kind: t(effect.kind === 'action' ? 'queue.action' : 'queue.ability'),
                source: effect.source ? t('sentence.sourceOf', { card: sourceName(effect.source) }) : '',
              }),
            ),
          ),
        )
      : null,
    queue.items.length === 0
      ? h('p', { class: 'empty' }, t('queue.empty'))
      : h(
          'ol',
          { class: 'items', 'aria-label': t('queue.waitingLabel') },
          queue.items.map((item) =>
            h(
              'li',
              { class: 'item', 'data-trigger': item.triggerId },
              h('span', { class: 'ability' }, item.ability),
              ` — ${nameOf(item.player)}${item.source ? t('queue.from', { card: sourceName(item.source) }) : ''}`,
            ),
          ),
        ),
  );
};

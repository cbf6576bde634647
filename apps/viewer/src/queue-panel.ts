import type { View } from './api/client';
import { h } from './dom';

type Queue = NonNullable<View['queue']>;
type Source = Queue['items'][number]['source'];

const sourceName = (source: Source) => (source === undefined ? '' : (source.definition ?? ('handle' in source ? `card ${source.handle}` : source.cardId)));

/** The bag (Lorcana 7.7) or the stack (Four Souls, Grand Archive): what waits, what resolves, and who chooses next. */
export const renderQueue = (queue: View['queue'], nameOf: (player: string) => string) => {
  if (queue === null) return null;
  const title = queue.discipline === 'bag' ? 'The bag' : 'The stack';
  return h(
    'section',
    { class: 'queue', 'data-discipline': queue.discipline, 'aria-label': title },
    h('h2', {}, title),
    h(
      'p',
      { class: 'next-chooser', 'data-next-chooser': queue.nextChooser ?? '' },
      queue.nextChooser === null ? 'Nobody chooses next.' : `Next to choose: ${nameOf(queue.nextChooser)}`,
    ),
    queue.waitingForAction ? h('p', { class: 'waiting' }, 'Waiting for the resolving effect to finish.') : null,
    queue.resolving.length > 0
      ? h(
          'ul',
          { class: 'resolving', 'aria-label': 'Resolving' },
          queue.resolving.map((effect) => h('li', {}, `${nameOf(effect.player)}: ${effect.kind}${effect.source ? ` of ${sourceName(effect.source)}` : ''} (resolving)`)),
        )
      : null,
    queue.items.length === 0
      ? h('p', { class: 'empty' }, 'Empty.')
      : h(
          'ol',
          { class: 'items', 'aria-label': 'Waiting' },
          queue.items.map((item) =>
            h(
              'li',
              { class: 'item', 'data-trigger': item.triggerId },
              h('span', { class: 'ability' }, item.ability),
              ` — ${nameOf(item.player)}${item.source ? `, from ${sourceName(item.source)}` : ''}`,
            ),
          ),
        ),
  );
};

import { h } from '../../dom';
import { printedWord } from '../../games';
import { t } from '../../i18n';
import type { Printed } from '../card-facts';

/** Lorcana's printed card: the cost in a corner (ringed when inkable), lore pips, strength and willpower. */
export const lorcanaFacts = (printed: Printed) => {
  const { cost, ink, inkable, type, lore, strength, willpower } = printed;
  return [
    cost !== undefined &&
      h(
        'span',
        {
          class: `cost${inkable ? ' inkable' : ''}`,
          'data-ink': ink?.toLowerCase(),
          title: [t('board.cost', { cost }), ink && printedWord(ink), inkable && t('board.inkable')].filter(Boolean).join(' · '),
        },
        cost,
      ),
    type !== undefined && h('span', { class: 'type' }, printedWord(type)),
    lore !== undefined && lore > 0 && h('span', { class: 'lore', 'data-lore': lore, 'aria-label': t('board.lore', { lore }), title: t('board.lore', { lore }) }, '◆'.repeat(lore)),
    (strength !== undefined || willpower !== undefined) &&
      h(
        'span',
        { class: 'stats' },
        strength !== undefined && h('span', { class: 'strength', title: t('board.strength', { value: strength }) }, strength),
        willpower !== undefined && h('span', { class: 'willpower', title: t('board.willpower', { value: willpower }) }, willpower),
      ),
  ];
};

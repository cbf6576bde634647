import { h } from '../../dom';
import { t } from '../../i18n';

/** Four Souls' shared part of the setup: the sets the Treasure, Loot, Monster and Room decks are built from, and bonus souls. */
export const setupControls = () => {
  const sets = h('input', { name: 'sets', id: 'new-sets', type: 'text', autocomplete: 'off', spellcheck: false, 'aria-describedby': 'sets-hint' });
  const bonusSouls = h('input', { name: 'bonus-souls', id: 'new-bonus-souls', type: 'checkbox' });
  const element = h(
    'fieldset',
    { class: 'setup-fields' },
    h('legend', {}, t('newMatch.setup')),
    h('div', { class: 'field' }, h('label', {}, t('newMatch.sets'), sets), h('p', { id: 'sets-hint', class: 'hint' }, t('newMatch.setsHint'))),
    h('label', { class: 'choice' }, bonusSouls, t('newMatch.bonusSouls')),
  );
  return { sets, bonusSouls, element };
};

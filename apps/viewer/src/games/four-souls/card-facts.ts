import { printedWord } from '../../games';
import { t } from '../../i18n';
import type { Fact, Printed } from '../card-facts';

/** Four Souls' printed facts: a character's or monster's HP, a monster's dice check (DC) and attack, its rewards and souls. */
export const fourSoulsFacts = (printed: Printed): Fact[] => {
  const { type, hp, dc, atk, rewards, souls } = printed;
  const facts: (Fact | false)[] = [
    type !== undefined && { kind: 'type', text: printedWord(type), title: printedWord(type) },
    hp !== undefined && { kind: 'hp', text: t('facts.hpShort', { value: hp }), title: t('facts.hp', { value: hp }), value: hp },
    dc !== undefined && { kind: 'dc', text: t('facts.dcShort', { value: dc }), title: t('facts.dc', { value: dc }), value: dc },
    atk !== undefined && { kind: 'atk', text: t('facts.atkShort', { value: atk }), title: t('facts.atk', { value: atk }), value: atk },
    rewards !== undefined && rewards !== '' && { kind: 'rewards', text: rewards, title: t('facts.rewards', { rewards }), value: rewards },
    souls !== undefined && souls > 0 && { kind: 'souls', text: '✦'.repeat(souls), title: t('facts.souls', { count: souls }), value: souls },
  ];
  return facts.filter((fact): fact is Fact => fact !== false);
};

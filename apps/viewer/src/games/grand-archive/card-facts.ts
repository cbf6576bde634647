import { printedWord } from '../../games';
import { t } from '../../i18n';
import type { Fact, Printed } from '../card-facts';

/**
 * Grand Archive's printed facts (Comprehensive Rules, "Parts of a Card"): the element, the cost (paid from memory or
 * from reserve, never both), the level, power and life, and durability. The type line is the card's own words.
 */
export const grandArchiveFacts = (printed: Printed): Fact[] => {
  const { element, memoryCost, reserveCost, level, type, power, life, durability } = printed;
  const facts: (Fact | false)[] = [
    reserveCost !== undefined && { kind: 'reserve-cost', text: String(reserveCost), title: t('facts.reserveCost', { cost: reserveCost }), value: reserveCost },
    memoryCost !== undefined && { kind: 'memory-cost', text: String(memoryCost), title: t('facts.memoryCost', { cost: memoryCost }), value: memoryCost },
    element !== undefined && { kind: 'element', text: printedWord(element), title: t('facts.element', { element: printedWord(element) }), value: element },
    level !== undefined && { kind: 'level', text: t('facts.levelShort', { level }), title: t('facts.level', { level }), value: level },
    type !== undefined && { kind: 'type', text: printedWord(type), title: printedWord(type) },
    power !== undefined && { kind: 'power', text: `⚔ ${power}`, title: t('facts.power', { value: power }), value: power },
    life !== undefined && { kind: 'life', text: `♥ ${life}`, title: t('facts.life', { value: life }), value: life },
    durability !== undefined && { kind: 'durability', text: `⛨ ${durability}`, title: t('facts.durability', { value: durability }), value: durability },
  ];
  return facts.filter((fact): fact is Fact => fact !== false);
};

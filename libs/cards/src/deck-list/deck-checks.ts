import type { ConstructedRules } from '@matchlog/domain';
import type { DeckListCard, DeckSection } from './resolve-deck-list';

/** A construction rule a deck list breaks: the rule as cited, and what in the list breaks it. */
export interface DeckRuleBroken {
  readonly rule: string;
  readonly section: DeckSection;
  readonly message: string;
  /** what a message in another language names: the section's size and its limit, the names over the copies allowed, the points */
  readonly facts: DeckRuleFacts;
}

export interface DeckRuleFacts {
  readonly cards?: number;
  readonly minCards?: number;
  readonly maxCards?: number;
  readonly overLimit?: readonly { readonly definition: string; readonly count: number }[];
  readonly maxCopies?: number;
  readonly championLevel?: number;
  readonly points?: number;
  readonly maxPoints?: number;
}

const copiesBy = (cards: readonly DeckListCard[]) => {
  const copies = new Map<string, number>();
  for (const { definition, count } of cards) copies.set(definition, (copies.get(definition) ?? 0) + count);
  return copies;
};

const total = (cards: readonly DeckListCard[]) => cards.reduce((sum, card) => sum + card.count, 0);

const overCopies = (cards: readonly DeckListCard[], max: number) =>
  [...copiesBy(cards)]
    .filter(([, count]) => count > max)
    .map(([definition, count]) => ({ definition, count }))
    .sort((a, b) => (a.definition < b.definition ? -1 : a.definition > b.definition ? 1 : 0));

const named = (over: readonly { definition: string; count: number }[]) => over.map(({ definition, count }) => `${count} ${definition}`).join(', ');

/** A regalia or champion: a material card, whose printed type the Grand Archive table gives as e.g. "Regalia Weapon", "Champion". */
const isMaterial = (card: DeckListCard) => /\b(Regalia|Champion)\b/.test(card.printed.type ?? '');
const isChampionOfLevel = (card: DeckListCard, level: number) => /\bChampion\b/.test(card.printed.type ?? '') && card.printed.level === level;

/**
 * The construction rules a constructed deck list breaks (none: legal), each cited as `document, section`. A card without
 * a section is the main deck's. Only what the ruleset states is checked: see ConstructedRules.
 */
export const brokenDeckRules = (cards: readonly DeckListCard[], rules: ConstructedRules, document: string): DeckRuleBroken[] => {
  const cite = (section: string) => `${rules.document ?? document}, ${section}`;
  const of = (section: DeckSection) => cards.filter((card) => (card.section ?? 'main') === section);
  const broken: DeckRuleBroken[] = [];
  const main = of('main');
  if (total(main) < rules.minCards)
    broken.push({
      rule: cite(rules.section),
      section: 'main',
      message: `the main deck has ${total(main)} cards; it needs at least ${rules.minCards}`,
      facts: { cards: total(main), minCards: rules.minCards },
    });
  const overMain = overCopies(main, rules.maxCopiesOfName);
  if (overMain.length > 0)
    broken.push({
      rule: cite(rules.section),
      section: 'main',
      message: `the main deck has more than ${rules.maxCopiesOfName} copies of ${named(overMain)}`,
      facts: { overLimit: overMain, maxCopies: rules.maxCopiesOfName },
    });
  const material = rules.material;
  if (material) {
    const deck = of('material');
    const rule = cite(material.section);
    if (total(deck) > material.maxCards)
      broken.push({
        rule,
        section: 'material',
        message: `the material deck has ${total(deck)} cards; it holds at most ${material.maxCards}`,
        facts: { cards: total(deck), maxCards: material.maxCards },
      });
    const over = overCopies(deck, material.maxCopiesOfName);
    if (over.length > 0)
      broken.push({
        rule,
        section: 'material',
        message: `the material deck has more than ${material.maxCopiesOfName} copy of ${named(over)}`,
        facts: { overLimit: over, maxCopies: material.maxCopiesOfName },
      });
    if (!deck.some((card) => isChampionOfLevel(card, material.championLevel)))
      broken.push({
        rule,
        section: 'material',
        message: `the material deck has no level ${material.championLevel} champion`,
        facts: { championLevel: material.championLevel },
      });
  }
  const sideboard = rules.sideboard;
  if (sideboard) {
    const deck = of('sideboard');
    const points = deck.reduce((sum, card) => sum + card.count * (isMaterial(card) ? sideboard.materialPoints : sideboard.mainPoints), 0);
    if (total(deck) > sideboard.maxCards || points > sideboard.maxPoints)
      broken.push({
        rule: cite(sideboard.section),
        section: 'sideboard',
        message: `the sideboard has ${total(deck)} cards worth ${points} points; it holds at most ${sideboard.maxCards} cards and ${sideboard.maxPoints} points`,
        facts: { cards: total(deck), maxCards: sideboard.maxCards, points, maxPoints: sideboard.maxPoints },
      });
  }
  return broken;
};

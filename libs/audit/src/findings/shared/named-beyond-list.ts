import { CheckFactory } from '../check';

/**
 * NAMED_BEYOND_LIST: a paper match's card was named as one its owner's registered list (MatchCreated.lists; a shared
 * card's, the shared list) does not hold, or holds fewer copies of than are now named. A name is a fact the recorder saw; the list is what the player
 * registered: the two disagree, and the judge decides why.
 */
export const namedBeyondList: CheckFactory = () => (step, report) => {
  const { before, after, layout } = step;
  if (layout.lists.size === 0 || before.cards === after.cards) return;
  const beyond = new Map<string | null, string[]>();
  after.cards.forEach((card, index) => {
    if (card.definition === null || card.definition === before.cards[index].definition) return;
    const list = layout.lists.get(card.owner);
    if (list === undefined) return;
    const copies = list.get(card.definition)?.copies ?? 0;
    const named = after.cards.filter((other) => other.owner === card.owner && other.definition === card.definition).length;
    if (named > copies) beyond.set(card.owner, [...(beyond.get(card.owner) ?? []), layout.cardIds[index]]);
  });
  // the shared list (player null) is everyone's: each player sees the shared decks' cards as they are revealed
  for (const [player, cards] of beyond)
    report('NAMED_BEYOND_LIST', player === null ? layout.playerIds : [player], {
      player: player ?? 'the table',
      cards: cards.map((cardId) => `${cardId} (${nameOf(step.after, layout.cardIndex.get(cardId)!)})`),
    });
};

const nameOf = (state: { readonly cards: readonly { readonly definition: string | null }[] }, index: number): string => state.cards[index].definition ?? '?';

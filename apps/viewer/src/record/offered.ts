/**
 * The characters a Quest or a Challenge offers: the ready ones first, in the order they lie, then the exerted ones.
 * An exerted character neither quests nor challenges as the table plays it, so picking one takes an explicit
 * override (the page asks again); it stays on offer for what the table does that the screen cannot know.
 */
export const readyFirst = <Card extends { readonly exerted: boolean }>(cards: readonly Card[]): Card[] => [
  ...cards.filter((card) => !card.exerted),
  ...cards.filter((card) => card.exerted),
];

/** Whether the picked character needs the override: it is exerted. */
export const needsOverride = (cards: readonly { readonly cardId: string; readonly exerted: boolean }[], cardId: string): boolean =>
  cards.find((card) => card.cardId === cardId)?.exerted === true;

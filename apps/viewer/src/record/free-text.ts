import { IdentityMatcher } from '@matchlog/audit/matcher';
import { MatchState } from '@matchlog/domain';

/**
 * The definitions a free text (a reason every audience reads) names that some audience does not know: a card is
 * named by its full name, or by its short name or subtitle where the match has it once (the self-audit's matcher,
 * a heuristic), and every card of that name lies where only its owner (or no one) looks: a hand, a deck, an inkwell.
 */
export const hiddenNamesIn = (state: MatchState, text: string, publicNames: readonly string[] = []): string[] => {
  const layout = state.layout;
  if (layout === null || text.trim() === '') return [];
  const cards = state.cards.map((card) => ({ cardId: card.cardId, definition: card.definition, owner: card.owner }));
  const matcher = new IdentityMatcher(cards, publicNames);
  const hidden = (card: number) => layout.zones[state.cards[card].zone].definition.visibility !== 'public';
  return [...new Set(matcher.find(text).flatMap((identity) => (identity.kind === 'definition' && identity.cards.every(hidden) ? [identity.value] : [])))];
};

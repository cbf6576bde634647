import { Audience, MatchState, PUBLIC, canLookAt } from '@matchlog/domain';
import { IdentityMatcher } from '../deliveries/matcher';

interface Named {
  readonly cardId: string;
  readonly definition: string;
  readonly owner: string | null;
  readonly hidden: boolean;
}

/**
 * The names free text may give a card: every identified card where it lies, and at a paper table each copy of a list
 * nobody has named yet, which lies unseen in a hand, a deck or an inkwell. `hidden`: the audience may not look at it
 * where it lies (for spectators, anywhere but a public zone face up).
 */
const namesOf = (state: MatchState, audience: Audience): Named[] => {
  const layout = state.layout!;
  const named = new Map<string, number>();
  const cards: Named[] = [];
  state.cards.forEach((card) => {
    if (card.definition === null) return;
    const key = `${card.owner}\u0000${card.definition}`;
    named.set(key, (named.get(key) ?? 0) + 1);
    const hidden = audience === PUBLIC ? layout.zones[card.zone].definition.visibility !== 'public' : !canLookAt(layout, card, audience);
    cards.push({ cardId: card.cardId, definition: card.definition, owner: card.owner, hidden });
  });
  for (const [player, list] of layout.lists)
    for (const { definition, copies } of list.values())
      for (let copy = named.get(`${player}\u0000${definition}`) ?? 0; copy < copies; copy++) cards.push({ cardId: '', definition, owner: player, hidden: true });
  return cards;
};

/**
 * The definitions a free text names that `audience` (default: spectators, so every audience) does not know: a card is
 * named by its full name, or by its short name or subtitle where the match has it once (the self-audit's matcher, a
 * heuristic), and every card of that name lies where this audience may not look: for spectators a hand, a deck, an
 * inkwell; for a player the same but their own hand. The recorder's screen and the judge's desk both use it.
 */
export const hiddenNamesIn = (state: MatchState, text: string, publicNames: readonly string[] = [], audience: Audience = PUBLIC): string[] => {
  if (state.layout === null || text.trim() === '') return [];
  const cards = namesOf(state, audience);
  const matcher = new IdentityMatcher(cards, publicNames);
  return [...new Set(matcher.find(text).flatMap((identity) => (identity.kind === 'definition' && identity.cards.every((card) => cards[card].hidden) ? [identity.value] : [])))];
};

import { byName, printedFacts } from '@matchlog/cards';
import { PrintedFacts } from '@matchlog/domain';
import { CardFacts } from './match-reading';

const lorcana = new Map<string, PrintedFacts | null>();

/** Lorcana's printed facts by definition (`Name - Version`), from the card table of @matchlog/cards. */
export const lorcanaFacts: CardFacts = (definition) => {
  let facts = lorcana.get(definition);
  if (facts === undefined) {
    const found = byName(definition, 0);
    facts = found.status === 'found' && found.matchedBy === 'definition' ? printedFacts(found.card) : null;
    lorcana.set(definition, facts);
  }
  return facts ?? undefined;
};

/** The card facts of a game: Lorcana's table; other games' definitions carry their facts only as the match prints them. */
export const factsOf = (game: string | null): CardFacts => (game === 'lorcana' ? lorcanaFacts : () => undefined);

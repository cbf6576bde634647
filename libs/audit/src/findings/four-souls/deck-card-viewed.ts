import { CheckFactory } from '../check';
import { lookCheck } from '../shared/look';

/**
 * DECK_CARD_VIEWED ("Decks"): cards in decks are hidden information and "can't be viewed unless an
 * effect or ability instructs a player to do so". A CardsLookedAt with no `source` (no effect or
 * ability named) that includes a card in any of the four decks.
 */
export const deckCardViewed: CheckFactory = () => lookCheck('DECK_CARD_VIEWED', (layout, state, card) => layout.zones[state.cards[card].zone].definition.rule !== 'Decks');

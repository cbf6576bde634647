import { CheckFactory } from '../check';
import { lookCheck } from '../shared/look';

/**
 * HAND_VIEWED_BY_OTHER ("Hand"): cards in a player's hand "are only viewable by that player, unless
 * otherwise specified". A CardsLookedAt with no `source` (nothing specified) that includes a card in
 * another player's hand. Looking at one's own hand is never flagged.
 */
export const handViewedByOther: CheckFactory = () =>
  lookCheck('HAND_VIEWED_BY_OTHER', (layout, state, card, player) => {
    const zone = layout.zones[state.cards[card].zone];
    return zone.definition.name !== layout.ruleset.handZone || zone.player === player;
  });

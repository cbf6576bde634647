import { canLookAt } from '@matchlog/domain';
import { CheckFactory } from '../check';
import { lookCheck } from '../shared/look';

/**
 * LOOK_WITHOUT_EFFECT (7.1.3): players can't look at cards in a private zone unless a game rule or
 * an effect directs them to. By the zone rules a player may look at their own hand (7.3.2), never at
 * another player's hand (7.3.2), any deck (7.2.2) or any inkwell (7.5.4), nor at face-down cards in
 * play (7.4.2.1). A look with no `source` is a look with no effect named.
 */
export const lookWithoutEffect: CheckFactory = () => lookCheck('LOOK_WITHOUT_EFFECT', (layout, state, card, player) => canLookAt(layout, state.cards[card], player));

import { CheckFactory } from '../check';
import { lookCheck } from '../shared/look';

const OUTSIDE = 'outside';

/**
 * FACE_DOWN_OUTSIDE_VIEWED ("Outside the Game"): face-down cards outside the game are hidden
 * information; "effects and abilities may give you permission to look at these cards". A
 * CardsLookedAt with no `source` (no effect or ability named) that includes a face-down card outside
 * the game. Face-up cards there are public.
 */
export const faceDownOutsideViewed: CheckFactory = () =>
  lookCheck('FACE_DOWN_OUTSIDE_VIEWED', (layout, state, card) => {
    const { zone, faceDown } = state.cards[card];
    return !(faceDown && layout.zones[zone].definition.name === OUTSIDE);
  });

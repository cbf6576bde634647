import { CheckFactory } from '../check';
import { deckCardViewed } from './deck-card-viewed';
import { deckNotRefilled } from './deck-not-refilled';
import { discardOrderChanged } from './discard-order-changed';
import { faceDownOutsideViewed } from './face-down-outside-viewed';
import { fizzleIgnored } from './fizzle-ignored';
import { handViewedByOther } from './hand-viewed-by-other';
import { harbingersNotOutside } from './harbingers-not-outside';
import { nonLootInHand } from './non-loot-in-hand';
import { slotOrderChanged } from './slot-order-changed';

/**
 * One check per rule of "Game Zones" a log can break (docs/reference/audit.md). The stack's order is not
 * checked: "The Stack" says only that things go there to resolve, not in which order.
 */
export const fourSoulsChecks: readonly CheckFactory[] = [
  fizzleIgnored,
  deckCardViewed,
  deckNotRefilled,
  discardOrderChanged,
  handViewedByOther,
  nonLootInHand,
  slotOrderChanged,
  faceDownOutsideViewed,
  harbingersNotOutside,
];

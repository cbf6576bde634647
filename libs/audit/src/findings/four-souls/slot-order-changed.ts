import { CheckFactory } from '../check';
import { orderKept } from './order-kept';

/**
 * SLOT_ORDER_CHANGED ("Covered in a Slot"): "The order of cards in a slot can't be changed unless a
 * player is instructed to do so by an ability." Judged in each slot zone (shop, monster and room
 * slots) and in the covered zone; a ZoneShuffled there is not judged, as it can't name an ability.
 */
export const slotOrderChanged: CheckFactory = orderKept('SLOT_ORDER_CHANGED', (zone) => zone.slots !== undefined || zone.rule === 'Covered in a Slot');

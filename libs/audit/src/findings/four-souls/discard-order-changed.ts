import { CheckFactory } from '../check';
import { orderKept } from './order-kept';

/**
 * DISCARD_ORDER_CHANGED ("Discard"): "The order of cards in discard can't be changed unless a player
 * is instructed to do so by an ability." A ZoneShuffled of a discard is not judged: the event can't
 * name the ability that instructed it.
 */
export const discardOrderChanged: CheckFactory = orderKept('DISCARD_ORDER_CHANGED', (zone) => zone.rule === 'Discard');

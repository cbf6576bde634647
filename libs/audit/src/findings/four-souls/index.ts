import { CheckFactory } from '../check';
import { stackOrder } from '../shared/stack-order';
import { deckNotRefilled } from './deck-not-refilled';
import { fizzleIgnored } from './fizzle-ignored';

/** STACK_OUT_OF_ORDER ("The Stack"): the stack resolves last in, first out. */
export const stackOutOfOrder: CheckFactory = stackOrder('STACK_OUT_OF_ORDER');

export const fourSoulsChecks: readonly CheckFactory[] = [deckNotRefilled, fizzleIgnored, stackOutOfOrder];

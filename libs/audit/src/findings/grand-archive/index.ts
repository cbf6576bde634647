import { CheckFactory } from '../check';
import { stackOrder } from '../shared/stack-order';
import { lookNotAllowed } from './look-not-allowed';
import { unrevealedSpecifiedCard } from './unrevealed-specified-card';

/** EFFECTS_STACK_OUT_OF_ORDER ("Effects Stack"): the effects stack resolves last in, first out. */
export const effectsStackOutOfOrder: CheckFactory = stackOrder('EFFECTS_STACK_OUT_OF_ORDER');

export const grandArchiveChecks: readonly CheckFactory[] = [unrevealedSpecifiedCard, lookNotAllowed, effectsStackOutOfOrder];

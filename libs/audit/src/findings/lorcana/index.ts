import { CheckFactory } from '../check';
import { bagOutOfOrder, resolvedDuringAction } from './bag-order';
import { deckOrderChanged } from './deck-order-changed';
import { failedToFindPublic } from './failed-to-find-public';
import { inkedFaceUp } from './inked-face-up';
import { lookWithoutEffect } from './look-without-effect';

export const lorcanaChecks: readonly CheckFactory[] = [lookWithoutEffect, deckOrderChanged, failedToFindPublic, bagOutOfOrder, resolvedDuringAction, inkedFaceUp];

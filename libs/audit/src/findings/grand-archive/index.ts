import { CheckFactory } from '../check';
import { lookNotAllowed } from './look-not-allowed';
import { unrevealedSpecifiedCard } from './unrevealed-specified-card';

/**
 * One check per rule of "Public vs Private Information" a log can break (docs/reference/audit.md). The effects
 * stack's order is not checked: "Game Zones - Effects Stack" is only a title in the table of contents
 * here, its text is not in ../shared/rules.
 */
export const grandArchiveChecks: readonly CheckFactory[] = [unrevealedSpecifiedCard, lookNotAllowed];

import { duration } from './ui/clock-chart';
import type { RoundResults } from './round-results';

type Game = RoundResults['tables'][number]['games'][number];

/** A game's time extensions on the round's results: how many, and their seconds added up. */
export type Extended = Game['timeExtensions'];

/** A game's time extensions as GET /rounds/results gives them (every TimeExtended, a judge's ruling's `seconds` among them); null where it has none. */
export const extensionsOf = (game: Game): Extended | null => (game.timeExtensions.count > 0 ? game.timeExtensions : null);

/** "+1 min 30 s" */
export const extensionText = (extended: Extended): string => `+${duration(extended.seconds)}`;

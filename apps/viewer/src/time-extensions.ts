import { duration } from './clock-chart';
import type { RoundResults } from './round-results';

type Game = RoundResults['tables'][number]['games'][number];

/** A game's time extensions on the round's results: how many, and their seconds added up. */
export interface Extended {
  readonly count: number;
  readonly seconds: number;
}

/**
 * A game's time extensions as GET /rounds/results gives them (`timeExtensions`: every TimeExtended, a judge's ruling's
 * `seconds` among them); null where it has none. Read loosely: a server from before the desk sends none.
 */
export const extensionsOf = (game: Game): Extended | null => {
  const extended = (game as Game & { timeExtensions?: Extended }).timeExtensions;
  return extended && extended.count > 0 && extended.seconds > 0 ? extended : null;
};

/** "+1 min 30 s" */
export const extensionText = (extended: Extended): string => `+${duration(extended.seconds)}`;

import { duration } from './clock-chart';
import type { RoundResults } from './round-results';

type Game = RoundResults['tables'][number]['games'][number];

/**
 * A game's time extensions as the round's results give them (GET /rounds/results): the seconds of each TimeExtended,
 * a judge's ruling's included. Read loosely: a server from before the desk sends none.
 */
export const extensionsOf = (game: Game): number[] => {
  const loose = game as Game & { extensions?: readonly ({ seconds: number } | number)[]; extensionSeconds?: number };
  if (Array.isArray(loose.extensions)) return loose.extensions.map((e) => (typeof e === 'number' ? e : e.seconds)).filter((s) => s > 0);
  return typeof loose.extensionSeconds === 'number' && loose.extensionSeconds > 0 ? [loose.extensionSeconds] : [];
};

/** "+2 min, +30 s" */
export const extensionText = (seconds: readonly number[]): string => seconds.map((s) => `+${duration(s)}`).join(', ');

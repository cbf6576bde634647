import { fourSouls } from './four-souls';
import { grandArchive } from './grand-archive';
import { lorcana } from './lorcana';
import { GameId, Ruleset } from './ruleset';

export const rulesets: Readonly<Record<GameId, Ruleset>> = {
  lorcana,
  'four-souls': fourSouls,
  'grand-archive': grandArchive,
};

export const isGameId = (game: unknown): game is GameId => typeof game === 'string' && Object.prototype.hasOwnProperty.call(rulesets, game);

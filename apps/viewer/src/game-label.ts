import { t } from './i18n';

/** What a game's label reads: its number at its table (MatchCreated.tournament.game) and its match's best of, each where the match names it. */
export interface GameNumber {
  readonly game?: number | null;
  readonly bestOf?: number | null;
}

const named = (value: number | null | undefined): value is number => value !== null && value !== undefined;

/**
 * A game's one label, on the match list, the match page, the round page and the overlay: "Game 2 of 3"
 * where the match names its best of and the game is within it; "Game 2" where it names no best of (the
 * slip's default of three is the slip's count, not something the match said), or the game is past it
 * (a single-elimination match plays on after a drawn game: "Game 4", never "Game 4 of 3"); "Game –"
 * where the game has no number (never a number made up from its place in a list, never "Game ?").
 */
export const gameLabel = ({ game, bestOf }: GameNumber): string => {
  if (!named(game)) return t('gameLabel.unnumbered');
  return named(bestOf) && game <= bestOf ? t('gameLabel.of', { game, bestOf }) : t('gameLabel.numbered', { game });
};

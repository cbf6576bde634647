import { GameScreen } from './buttons';
import { fourSouls } from './four-souls-screen';
import { grandArchive } from './grand-archive-screen';
import { lorcana } from './lorcana';

const SCREENS: Record<string, GameScreen> = { lorcana, 'grand-archive': grandArchive, 'four-souls': fourSouls };

/** The recorder's screen for the match's game (its ruleset's `game`); Lorcana's where a game has none. */
export const screenFor = (game: string): GameScreen => SCREENS[game] ?? lorcana;

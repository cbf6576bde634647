import { MessageKey, t } from './i18n';

/** "Disney Lorcana" for `lorcana`; a game the catalogue does not name yet, as the API has it. */
export const gameName = (game: string): string => {
  const key = `game.${game}` as MessageKey;
  const text = t(key);
  return text === key ? game : text;
};

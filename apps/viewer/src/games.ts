import { MessageKey, t } from './i18n';
import { en } from './i18n/en';

/** Each game by its proper name (the same in every language); the id where a game is not known here. */
const NAMES: Record<string, string> = { lorcana: 'Disney Lorcana', 'four-souls': 'Four Souls', 'grand-archive': 'Grand Archive' };

export const gameName = (game: string | null | undefined): string => (game ? (NAMES[game] ?? game) : '');

/** A zone's name as words: "Effects stack", not "effects-stack"; a zone the catalogue does not name is spelled out from its id. */
export const zoneName = (zone: string): string => {
  const key = `zoneTitle.${zone}`;
  if (key in en) return t(key as MessageKey);
  const words = zone.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export const zoneLabel = (ref: { readonly zone: string; readonly slot?: number }): string =>
  ref.slot === undefined ? zoneName(ref.zone) : t('zone.slot', { zone: zoneName(ref.zone), slot: ref.slot });

/** A card type or ink as printed ("Character", "Amber/Steel"), in the page's language where the catalogue has the word. */
export const printedWord = (printed: string): string =>
  printed
    .split('/')
    .map((word) => {
      const key = `printed.${word.trim().toLowerCase()}`;
      return key in en ? t(key as MessageKey) : word;
    })
    .join('/');

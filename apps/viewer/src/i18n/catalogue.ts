import { en } from './en';
import { es } from './es';

export type Language = 'en' | 'es';
export type MessageKey = keyof typeof en;
export type Params = Record<string, string | number>;

const catalogues: Record<Language, Record<MessageKey, string>> = { en, es };
const stored = (): string | null => {
  try {
    return localStorage.getItem('matchlog.language');
  } catch {
    return null;
  }
};
let current: Language = stored() === 'es' || (stored() === null && typeof navigator !== 'undefined' && navigator.language.startsWith('es')) ? 'es' : 'en';

export const language = (): Language => current;

/** The page's language, kept for the next visit; the page redraws what it shows. */
export const setLanguage = (next: Language): void => {
  current = next;
  document.documentElement.lang = next;
  try {
    localStorage.setItem('matchlog.language', next);
  } catch {
    /* a private window without storage keeps the choice for this page only */
  }
};

/** The one message catalogue: a key, its text in the page's language, `{name}` placeholders filled from params. */
export const t = (key: MessageKey, params: Params = {}): string =>
  catalogues[current][key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
